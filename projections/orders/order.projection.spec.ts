import type { StoredEvent } from '#engine';
import type { OrderEvent } from '#domain/orders/order.events.js';
import { anOrderPlaced, LATER, NOW } from '#domain/orders/order.fixtures.js';
import { evolveOrderRow, type OrderRow } from './order.projection.js';

const stored = (events: OrderEvent[]): StoredEvent[] =>
  events.map((event, revision) => ({
    ...(event as unknown as { type: string; data: Record<string, unknown> }),
    id: `e-${revision}`,
    streamId: 'order-ord-1',
    revision: BigInt(revision),
    position: BigInt(revision + 1),
    checkpoint: String(revision + 1),
    metadata: { companyId: 'co-1', occurredAt: revision === 0 ? NOW : LATER, schemaVersion: 1 },
    recordedAt: LATER,
  }));
const rowAfter = (events: OrderEvent[]) =>
  stored(events).reduce<OrderRow | undefined>((row, event) => evolveOrderRow(row, event), undefined)!;

const base = { orderId: 'ord-1', companyId: 'co-1', userId: 'u-1' };

describe('Order read model', () => {
  it('keeps the grid columns of a placed order: number, status, customer, units and total', () =>
    expect(rowAfter([anOrderPlaced()])).toMatchObject({
      id: 'ord-1',
      company_id: 'co-1',
      number: 1,
      status: 'placed',
      customer_id: 'cust-1',
      customer_name: 'LONE STAR TAVERN',
      customer_user_id: 'cu-1',
      units: 5,
      total_cents: 2 * 1999 + 3 * 1450,
      invoice_count: 0,
      created_at: NOW,
      updated_at: NOW,
      revision: 0,
    }));

  it('leaves rejected items out of units and total, and follows reviewed prices', () =>
    expect(
      rowAfter([
        anOrderPlaced(),
        { type: 'OrderItemRejected', data: { ...base, lineNo: 2, note: '', reviewedAt: LATER } },
        {
          type: 'OrderItemPriceChanged',
          data: {
            ...base,
            lineNo: 1,
            previousPriceCents: 1999,
            newPriceCents: 1500,
            note: '',
            reviewedAt: LATER,
          },
        },
      ]),
    ).toMatchObject({ units: 2, total_cents: 3000, updated_at: LATER, revision: 2 }));

  it('records the invoices and the status', () =>
    expect(
      rowAfter([
        anOrderPlaced(),
        {
          type: 'OrderInvoiced',
          data: {
            ...base,
            invoices: [{ invoiceId: 'inv-7', number: '7' }],
            lines: [
              { productId: 'p-vodka', qty: 2 },
              { productId: 'p-beer', qty: 3 },
            ],
            status: 'invoiced',
            invoicedAt: LATER,
          },
        },
      ]),
    ).toMatchObject({ status: 'invoiced', invoice_count: 1 }));

  it('ignores an event it has applied already', () => {
    const [placed, cancelled] = stored([
      anOrderPlaced(),
      { type: 'OrderCancelled', data: { ...base, by: 'company_user', cancelledAt: LATER } },
    ]);
    const row = evolveOrderRow(evolveOrderRow(undefined, placed!), cancelled!);
    expect(evolveOrderRow(row, cancelled!)).toBe(row);
    expect(evolveOrderRow(row, placed!)).toBe(row);
    expect(row.status).toBe('cancelled');
  });
});
