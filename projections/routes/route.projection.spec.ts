import type { StoredEvent } from '#engine';
import { added, COMPANY, DATE, NOW, planned } from '#domain/routes/route.fixtures.js';
import type { InvoiceDelivered } from '#domain/invoices/invoice-delivered.events.js';
import { evolveRouteRow, evolveRoutesForInvoice, type RouteRow } from './route.projection.js';

const stored = (event: { type: string; data: object }, revision: number): StoredEvent =>
  ({ ...event, id: `e-${revision}`, revision: BigInt(revision), metadata: { occurredAt: NOW } }) as never;

const delivered = (extra: Partial<InvoiceDelivered['data']> = {}): InvoiceDelivered => ({
  type: 'InvoiceDelivered',
  data: {
    invoiceId: 'inv-2',
    companyId: COMPANY,
    customerId: 'c-2',
    deliveredAt: '2026-12-02T16:00:00.000Z',
    deliveredOn: DATE,
    deliveredBy: { userId: 'd-1', name: 'Dee' },
    signerName: 'Sam',
    signatureId: 'sig-1',
    photoId: null,
    means: 'own_vehicle',
    carrier: null,
    routeId: null,
    stopId: null,
    outcome: 'partially_delivered',
    creditMemoIds: [],
    paymentIds: [],
    collectedCents: 4200,
    recordedAt: '2026-12-02T16:00:05.000Z',
    ...extra,
  },
});

function board(): RouteRow {
  let row: RouteRow | undefined;
  const events = [
    planned,
    added(1, 2, 3),
    {
      type: 'RouteStopsReordered',
      data: { routeId: 'r-1', companyId: COMPANY, stopIds: ['s-3', 's-1', 's-2'] },
    },
    { type: 'RouteStopRemoved', data: { routeId: 'r-1', companyId: COMPANY, stopId: 's-1' } },
  ];
  events.forEach((event, i) => (row = evolveRouteRow(row, stored(event, i))));
  return row!;
}

describe('Route read models', () => {
  it('keeps the stops in route order, numbered from 1', () => {
    const row = board();
    expect(row.stops.map((s) => [s.id, s.position])).toEqual([
      ['s-3', 1],
      ['s-2', 2],
    ]);
    expect(evolveRouteRow(row, stored(added(9), 1))).toBe(row); // a re-delivered event changes nothing
  });

  it("sets a stop's outcome, delivery time and collected money from the invoice's delivery", () => {
    const [after] = evolveRoutesForInvoice([board()], stored(delivered(), 7));
    expect(after!.stops.find((s) => s.id === 's-2')).toMatchObject({
      status: 'partially_delivered',
      delivered_at: '2026-12-02T16:00:00.000Z',
      collected_cents: 4200,
    });
  });

  it("marks a cancelled invoice's stop, and unmarks it when the invoice is restored", () => {
    const cancel = (from: string, to: string) =>
      stored({ type: 'InvoiceStatusChanged', data: { invoiceId: 'inv-3', from, to } }, 5);
    const [cancelled] = evolveRoutesForInvoice([board()], cancel('invoiced', 'cancelled'));
    expect(cancelled!.stops[0]).toMatchObject({ id: 's-3', status: 'planned', invoice_cancelled: true });
    const [restored] = evolveRoutesForInvoice(
      [cancelled!],
      stored(
        { type: 'InvoiceStatusChanged', data: { invoiceId: 'inv-3', from: 'cancelled', to: 'invoiced' } },
        6,
      ),
    );
    expect(restored!.stops[0]!.invoice_cancelled).toBe(false);
  });
});
