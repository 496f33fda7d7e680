import type { StoredEvent } from '#engine';
import type { OrderEvent } from '#domain/orders/order.events.js';
import { anOrderDrafted, anOrderPlaced, LATER, NOW } from '#domain/orders/order.fixtures.js';
import { evolveOrderDraftRow, type OrderDraftRow } from './order-draft.projection.js';
import { evolveOrderRow, orderProjection, type OrderRow } from './order.projection.js';

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
const draftRowAfter = (events: OrderEvent[]) =>
  stored(events).reduce<OrderDraftRow | undefined>(
    (row, event) => evolveOrderDraftRow(row, event),
    undefined,
  );
const ORDER_EVENTS = new Set(orderProjection.handles);
/** The `orders` projection is handed only the events it handles (ORDER_EVENT_TYPES): never a draft's own. */
const orderRowAfter = (events: OrderEvent[]) =>
  stored(events)
    .filter((event) => ORDER_EVENTS.has(event.type))
    .reduce<OrderRow | undefined>((row, event) => evolveOrderRow(row, event), undefined);

const updated: OrderEvent = {
  type: 'OrderDraftUpdated',
  data: {
    orderId: 'ord-1',
    companyId: 'co-1',
    customerUser: { id: 'cu-2', name: 'Night Manager' },
    items: [
      {
        lineNo: 1,
        productId: 'p-beer',
        name: 'SHINER BOCK 12PK',
        size: '12OZ',
        type: 'BEER',
        upc: null,
        qty: 10,
      },
    ],
    note: 'Friday night',
    updatedAt: LATER,
  },
};
const cancelled: OrderEvent = {
  type: 'OrderDraftCancelled',
  data: { orderId: 'ord-1', companyId: 'co-1', userId: 'cu-2', cancelledAt: LATER },
};

describe('Order draft read model', () => {
  it('keeps a draft of its customer: status, units and the folded draft', () =>
    expect(draftRowAfter([anOrderDrafted()])).toMatchObject({
      id: 'ord-1',
      company_id: 'co-1',
      customer_id: 'cust-1',
      customer_user_id: 'cu-1',
      status: 'draft',
      units: 5,
      state: { status: 'draft', note: 'Before Friday please' },
      created_at: NOW,
      updated_at: NOW,
      revision: 0,
    }));

  it('follows its updates and who made them', () =>
    expect(draftRowAfter([anOrderDrafted(), updated])).toMatchObject({
      customer_user_id: 'cu-2',
      status: 'draft',
      units: 10,
      state: { note: 'Friday night' },
      created_at: NOW,
      updated_at: LATER,
      revision: 1,
    }));

  it('marks a cancelled draft cancelled', () =>
    expect(draftRowAfter([anOrderDrafted(), cancelled])).toMatchObject({ status: 'cancelled', revision: 1 }));

  it('marks a placed draft placed; the order is then a row of the order grid, numbered at placement', () => {
    const events = [anOrderDrafted(), updated, anOrderPlaced({ placedAt: LATER })];
    expect(draftRowAfter(events)).toMatchObject({ status: 'placed', revision: 2 });
    expect(orderRowAfter(events)).toMatchObject({
      id: 'ord-1',
      number: 1,
      status: 'placed',
      created_at: LATER,
      revision: 2,
    });
  });

  it('has no row for an order placed from the cart, and the order grid none for a draft', () => {
    expect(draftRowAfter([anOrderPlaced()])).toBeUndefined();
    expect(orderRowAfter([anOrderDrafted(), updated, cancelled])).toBeUndefined();
  });

  it('ignores an event it has applied already', () => {
    const [drafted, again] = stored([anOrderDrafted(), updated]);
    const row = evolveOrderDraftRow(evolveOrderDraftRow(undefined, drafted!), again!);
    expect(evolveOrderDraftRow(row, again!)).toBe(row);
    expect(evolveOrderDraftRow(row, drafted!)).toBe(row);
  });
});
