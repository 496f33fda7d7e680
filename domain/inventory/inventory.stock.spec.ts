import fc from 'fast-check';
import type { InvoiceEvent } from '../invoices/invoice.events.js';
import type { InventoryEvent } from './inventory.events.js';
import { anInventoryAdjusted, anInventoryRestocked } from './inventory.fixtures.js';
import {
  evolveInvoiceStock,
  inventoryMovement,
  invoiceMovement,
  type InvoiceStock,
} from './inventory.stock.js';

const PRODUCTS = ['p-1', 'p-2'];

const invoiceEvent = (type: InvoiceEvent['type'], data: Record<string, unknown>) =>
  ({ type, data: { companyId: 'co-1', ...data } }) as unknown as InvoiceEvent;

const linesOf = (qtys: number[]) => qtys.map((qty, i) => ({ productId: PRODUCTS[i % 2]!, qty }));

/** The projection's fold, in memory: invoices' stock states and stock per product. */
function ledger() {
  const invoices = new Map<string, InvoiceStock | undefined>();
  const stock = new Map<string, number>();
  const move = (moves: Map<string, number>) => {
    for (const [productId, units] of moves) stock.set(productId, (stock.get(productId) ?? 0) + units);
  };
  return {
    stock,
    invoice(event: InvoiceEvent) {
      const id = (event.data as { invoiceId: string }).invoiceId;
      const before = invoices.get(id);
      const after = evolveInvoiceStock(before, event);
      invoices.set(id, after);
      move(invoiceMovement(before, after));
    },
    inventory(event: InventoryEvent) {
      move(inventoryMovement(event));
    },
  };
}

type Op =
  | { kind: 'create' | 'revise'; invoice: number; qtys: number[] }
  | { kind: 'cancel' | 'uncancel' | 'delete'; invoice: number }
  | { kind: 'restock'; product: number; qty: number }
  | { kind: 'adjust'; product: number; old: number; value: number };

const qtys = fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 4 });
const invoice = fc.integer({ min: 0, max: 2 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), invoice, qtys }),
  fc.record({ kind: fc.constant('revise' as const), invoice, qtys }),
  fc.record({ kind: fc.constantFrom('cancel' as const, 'uncancel' as const, 'delete' as const), invoice }),
  fc.record({
    kind: fc.constant('restock' as const),
    product: fc.integer({ min: 0, max: 1 }),
    qty: fc.integer({ min: 1, max: 50 }),
  }),
  fc.record({
    kind: fc.constant('adjust' as const),
    product: fc.integer({ min: 0, max: 1 }),
    old: fc.integer({ min: -10, max: 30 }),
    value: fc.integer({ min: -10, max: 30 }),
  }),
);

describe('Stock', () => {
  it('is restocked − invoiced ± adjusted for any sequence of edits, cancels and re-deliveries', () =>
    fc.assert(
      fc.property(fc.array(fc.tuple(op, fc.boolean()), { maxLength: 40 }), (ops) => {
        const live = ledger();
        // The model: each invoice as the decider allows it (edits only while not cancelled, deletes only cancelled).
        const model = new Map<number, { qtys: number[]; cancelled: boolean; deleted: boolean }>();
        const expected = new Map<string, number>(PRODUCTS.map((p) => [p, 0]));
        const add = (productId: string, units: number) =>
          expected.set(productId, (expected.get(productId) ?? 0) + units);
        for (const [o, redeliver] of ops) {
          let event: InvoiceEvent | InventoryEvent | undefined;
          const current = 'invoice' in o ? model.get(o.invoice) : undefined;
          const invoiceId = 'invoice' in o ? `inv-${o.invoice}` : '';
          if (o.kind === 'create' && !current) {
            model.set(o.invoice, { qtys: o.qtys, cancelled: false, deleted: false });
            event = invoiceEvent('InvoiceCreated', {
              invoiceId,
              number: { display: String(o.invoice + 1) },
              status: 'unpaid',
              lines: linesOf(o.qtys),
            });
          } else if (o.kind === 'revise' && current && !current.cancelled && !current.deleted) {
            current.qtys = o.qtys;
            event = invoiceEvent('InvoiceRevised', { invoiceId, lines: linesOf(o.qtys) });
          } else if (o.kind === 'cancel' && current && !current.cancelled && !current.deleted) {
            current.cancelled = true;
            event = invoiceEvent('InvoiceStatusChanged', { invoiceId, from: 'unpaid', to: 'cancelled' });
          } else if (o.kind === 'uncancel' && current && current.cancelled && !current.deleted) {
            current.cancelled = false;
            event = invoiceEvent('InvoiceStatusChanged', { invoiceId, from: 'cancelled', to: 'unpaid' });
          } else if (o.kind === 'delete' && current && current.cancelled && !current.deleted) {
            current.deleted = true;
            event = invoiceEvent('InvoiceDeleted', { invoiceId });
          } else if (o.kind === 'restock') {
            add(PRODUCTS[o.product]!, o.qty);
            event = anInventoryRestocked({
              items: [{ productId: PRODUCTS[o.product]!, qty: o.qty, itemCostCents: 100 }],
            });
          } else if (o.kind === 'adjust') {
            add(PRODUCTS[o.product]!, o.value - o.old);
            event = anInventoryAdjusted({
              productId: PRODUCTS[o.product]!,
              oldValue: o.old,
              newValue: o.value,
            });
          }
          if (!event) continue;
          if (event.type.startsWith('Inventory')) live.inventory(event as InventoryEvent);
          else {
            live.invoice(event as InvoiceEvent);
            if (redeliver) live.invoice(event as InvoiceEvent); // applied twice: moves nothing more
          }
        }
        for (const { qtys: q, cancelled, deleted } of model.values())
          if (!cancelled && !deleted) linesOf(q).forEach((line) => add(line.productId, -line.qty));
        for (const productId of PRODUCTS)
          expect(live.stock.get(productId) ?? 0).toBe(expected.get(productId));
      }),
      { numRuns: 300 },
    ));

  it('moves only the difference when an invoice is edited, and gives all back on cancel', () => {
    const live = ledger();
    live.invoice(
      invoiceEvent('InvoiceCreated', {
        invoiceId: 'i',
        number: { display: '1' },
        status: 'unpaid',
        lines: linesOf([5, 2]),
      }),
    );
    expect(Object.fromEntries(live.stock)).toEqual({ 'p-1': -5, 'p-2': -2 });
    const before = new Map(live.stock);
    live.invoice(invoiceEvent('InvoiceRevised', { invoiceId: 'i', lines: linesOf([3, 2]) }));
    expect(live.stock.get('p-1')! - before.get('p-1')!).toBe(2);
    expect(live.stock.get('p-2')).toBe(-2);
    live.invoice(invoiceEvent('InvoiceStatusChanged', { invoiceId: 'i', from: 'unpaid', to: 'cancelled' }));
    expect(Object.fromEntries(live.stock)).toEqual({ 'p-1': 0, 'p-2': 0 });
  });
});
