import type { CreditMemoEvent } from '../credits/credit-memo.events.js';
import { stockOfReason } from '../credits/credit-memo.rules.js';
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
  /**
   * The goods of its credit memos that are not void (memo id → its number, units per product, and whether they were
   * written off), so a void moves back exactly what the memo moved. Added later: absent on older states.
   */
  credits?: Record<string, CreditedGoods>;
}

export interface CreditedGoods {
  number: string;
  units: Record<string, number>;
  writeOff: boolean;
}

/** A movement of credited goods: back into stock (RETURN), and out again when written off (WRITE_OFF). */
export interface CreditStockMove {
  productId: string;
  qty: number;
  source: 'RETURN' | 'WRITE_OFF';
}

/**
 * How credited goods move stock. Goods short delivered or delivered in error come back to sellable stock; goods
 * delivered damaged, and stale beer taken back in a freshness swap, come back and are written off at once (a
 * RETURN and a WRITE_OFF of the same units, so sellable stock does not change and the history shows both). A void
 * moves back what its memo moved. Money-only memos (pricing error, other) move nothing. A re-delivered event finds
 * its memo already in the state and moves nothing.
 */
export function creditStock(
  state: InvoiceStock | undefined,
  event: CreditMemoEvent,
): { after: InvoiceStock | undefined; moves: CreditStockMove[]; ref: string } {
  if (!state) return { after: state, moves: [], ref: '' };
  const credits = state.credits ?? {};
  if (event.type === 'CreditMemoIssued') {
    const { creditMemoId, number, reason, lines } = event.data;
    const stock = stockOfReason(reason);
    if (!stock || lines.length === 0 || credits[creditMemoId])
      return { after: state, moves: [], ref: number.display };
    const units: Record<string, number> = {};
    for (const line of lines) units[line.productId] = (units[line.productId] ?? 0) + line.qty;
    const writeOff = stock === 'write_off';
    const goods: CreditedGoods = { number: number.display, units, writeOff };
    return {
      after: { ...state, credits: { ...credits, [creditMemoId]: goods } },
      moves: movesOf(goods, 1),
      ref: number.display,
    };
  }
  const goods = credits[event.data.creditMemoId];
  if (!goods) return { after: state, moves: [], ref: event.data.number };
  const { [event.data.creditMemoId]: _gone, ...rest } = credits;
  return { after: { ...state, credits: rest }, moves: movesOf(goods, -1), ref: `${goods.number} void` };
}

function movesOf(goods: CreditedGoods, sign: 1 | -1): CreditStockMove[] {
  const moves: CreditStockMove[] = [];
  for (const [productId, qty] of Object.entries(goods.units)) {
    moves.push({ productId, qty: sign * qty, source: 'RETURN' });
    if (goods.writeOff) moves.push({ productId, qty: -sign * qty, source: 'WRITE_OFF' });
  }
  return moves;
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
