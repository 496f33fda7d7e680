import { toNumber, type FieldProblem } from '../shared/field-rules.js';
import type { NumericInventoryField } from './inventory.events.js';

/** Largest quantity a cell or a restock line takes (a bottle count, far above any real stock). */
export const MAX_QTY = 1_000_000_000;
export const MAX_DISTRIBUTOR = 255;
export const MAX_REFERENCE = 255;

/**
 * A numeric cell's value (as the client's specification asks): '{field} must be a number' unless it is one; the quantity in stock is a
 * whole number of any sign (negative stock is legal), the reorder settings whole numbers of at least 0.
 */
export function numericCell(field: NumericInventoryField, value: unknown): number | FieldProblem {
  const number = typeof value === 'string' && value.trim() === '' ? undefined : toNumber(value);
  if (number === undefined) return { field, message: `${field} must be a number` };
  if (!Number.isInteger(number)) return { field, message: `${field} must be a whole number` };
  if (Math.abs(number) > MAX_QTY) return { field, message: `${field} must be at most ${MAX_QTY}` };
  if (field !== 'qty' && number < 0) return { field, message: `${field} must not be negative` };
  return number;
}

/** Stock status per item (as the client's specification asks): below zero, zero, at or under its reorder point, else OK. */
export type StockStatus = 'OK' | 'LOW' | 'ZERO' | 'NEGATIVE';

export function stockStatus(qty: number, reorderNeeded: boolean): StockStatus {
  if (qty < 0) return 'NEGATIVE';
  if (qty === 0) return 'ZERO';
  return reorderNeeded ? 'LOW' : 'OK';
}

/** Days a sales velocity is taken over (the last 30 business days, today included). */
export const VELOCITY_DAYS = 30;

/**
 * Days until a reorder must be placed: the days the stock lasts at the recent sales velocity (units sold over the
 * last VELOCITY_DAYS days / VELOCITY_DAYS), less the supplier's lead time `reorder_time_in_days`, never below 0.
 * null when nothing sold recently (the stock does not run out).
 */
export function daysToReorder(
  qty: number,
  unitsSoldRecently: number,
  reorderTimeInDays: number | null,
): number | null {
  if (unitsSoldRecently <= 0) return null;
  // qty / (units / days), in whole numbers: exact, as the read model's SQL computes it
  const lasts = Math.floor((Math.max(qty, 0) * VELOCITY_DAYS) / unitsSoldRecently);
  return Math.max(0, lasts - (reorderTimeInDays ?? 0));
}

/**
 * A reorder is needed when the stock is at or under the reorder level, when it is gone (0 or less), or when the
 * days to reorder reached 0 (it runs out within the lead time).
 */
export function reorderNeeded(qty: number, reorderLevel: number | null, days: number | null): boolean {
  return qty <= 0 || (reorderLevel !== null && qty <= reorderLevel) || days === 0;
}

/**
 * What to restock so the product no longer needs a reorder: enough to be above 0 and above its reorder level, and to
 * last beyond the supplier's lead time at the recent sales velocity (stock × VELOCITY_DAYS ≥ (lead time + 1) × units
 * sold recently); ordered in whole lots of its reorder quantity when it has one (one lot at least). 0 when nothing is
 * needed. A product restocked by its suggestion is never "reorder now" any more.
 */
export function suggestedRestock(item: {
  qty: number;
  reorderLevel: number | null;
  reorderQty: number | null;
  reorderTimeInDays: number | null;
  unitsSoldRecently: number;
}): number {
  const lead = item.reorderTimeInDays ?? 0;
  const toLast =
    item.unitsSoldRecently > 0 ? Math.ceil(((lead + 1) * item.unitsSoldRecently) / VELOCITY_DAYS) : 0;
  const target = Math.max(1, (item.reorderLevel ?? 0) + 1, toLast);
  const needed = target - item.qty;
  if (needed <= 0) return 0;
  const lot = item.reorderQty && item.reorderQty > 0 ? item.reorderQty : 1;
  return Math.ceil(needed / lot) * lot;
}
