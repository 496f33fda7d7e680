import type { InvoiceEvent } from '../invoices/invoice.events.js';
import type { InventoryEvent } from './inventory.events.js';

/**
 * Stock movements, pure (the inventory projection applies them; the property test checks them). Stock of a product
 * = restocked − what counted invoices take ± manual adjustments. An invoice takes the units of its current lines
 * while it is neither cancelled nor deleted, so each invoice event moves stock by the difference between what the
 * invoice took before and what it takes after (an edit moves only the changed units; a cancel gives all back; an
 * un-cancel takes them again). Every invoice event states a whole, so a re-delivered one moves nothing.
 */
export interface InvoiceStock {
  invoiceId: string;
  companyId: string;
  /** The displayed number, for the history rows. */
  number: string;
  counted: boolean;
  /** Units of each product on the invoice's current lines (counted or not). */
  units: Record<string, number>;
  /** The price (cents) each product is invoiced at (its last line's), for the history rows. */
  prices: Record<string, number>;
  /**
   * Whether that last line is on deal, for the history rows (products on deal only; added later: a state stored
   * before has none, and reads as no deal).
   */
  deals?: Record<string, boolean>;
}

/** Units the invoice takes from stock now: its lines while counted, else nothing. */
export const takenBy = (invoice: InvoiceStock | undefined): Record<string, number> =>
  invoice?.counted ? invoice.units : {};

function unitsOf(lines: { productId: string; qty: number; priceCents?: number; onDeal?: boolean }[]) {
  const units: Record<string, number> = {};
  const prices: Record<string, number> = {};
  const deals: Record<string, boolean> = {};
  for (const line of lines) {
    units[line.productId] = (units[line.productId] ?? 0) + line.qty;
    prices[line.productId] = line.priceCents ?? 0;
    if (line.onDeal) deals[line.productId] = true;
    else delete deals[line.productId];
  }
  return { units, prices, deals };
}

/** Whether the invoice's (last) line of the product is on deal. */
export const onDealIn = (invoice: InvoiceStock | undefined, productId: string): boolean =>
  invoice?.deals?.[productId] === true;

/** An invoice's stock state after one of its events (undefined: never created). */
export function evolveInvoiceStock(
  state: InvoiceStock | undefined,
  event: InvoiceEvent,
): InvoiceStock | undefined {
  switch (event.type) {
    case 'InvoiceCreated':
      return {
        invoiceId: event.data.invoiceId,
        companyId: event.data.companyId,
        number: event.data.number.display,
        counted: event.data.status !== 'cancelled',
        ...unitsOf(event.data.lines),
      };
    case 'InvoiceRevised':
      return state && { ...state, ...unitsOf(event.data.lines) };
    case 'InvoiceStatusChanged':
      return state && { ...state, counted: event.data.to !== 'cancelled' };
    case 'InvoiceDeleted':
      return state && { ...state, counted: false };
    default:
      return state;
  }
}

/** How stock changes (product → units, negative: taken) when an invoice goes from `before` to `after`. */
export function invoiceMovement(
  before: InvoiceStock | undefined,
  after: InvoiceStock | undefined,
): Map<string, number> {
  const was = takenBy(before);
  const is = takenBy(after);
  const moves = new Map<string, number>();
  for (const productId of new Set([...Object.keys(was), ...Object.keys(is)])) {
    const delta = (was[productId] ?? 0) - (is[productId] ?? 0);
    if (delta !== 0) moves.set(productId, delta);
  }
  return moves;
}

/** How stock changes with a restock or an adjustment (product → units). A qty edit moves by new − old. */
export function inventoryMovement(event: InventoryEvent): Map<string, number> {
  const moves = new Map<string, number>();
  if (event.type === 'InventoryRestocked') {
    for (const item of event.data.items)
      moves.set(item.productId, (moves.get(item.productId) ?? 0) + item.qty);
  } else if (event.data.field === 'qty') {
    const delta = Number(event.data.newValue ?? 0) - Number(event.data.oldValue ?? 0);
    if (delta !== 0) moves.set(event.data.productId, delta);
  }
  return moves;
}
