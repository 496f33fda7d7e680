import type { StockRow } from '#domain/contracts/inventory.contract';

/** Days ahead a reorder counts as 'soon' for the builder's low-stock warning. */
export const LOW_STOCK_DAYS = 7;

/**
 * The invoice builder's stock warning for one product (as the client's specification asks), or null. `requested` is the units the invoice
 * will hold of the product (all its lines), `held` what the saved invoice already takes from stock (editing: those
 * units are in `stock.qty` already, so they are available to it again).
 */
export function stockWarning(stock: StockRow | undefined, requested: number, held = 0): string | null {
  if (!stock || requested <= 0) return null;
  const available = stock.qty + held;
  const left = available - requested;
  if (left < 0)
    return available > 0
      ? `Only ${available} available: this will result in negative inventory.`
      : 'This will result in negative inventory.';
  if (left === 0) return 'This will result in zero inventory.';
  if (stock.reorder_level !== null && left <= stock.reorder_level)
    return 'Low stock: a reorder is needed soon.';
  if (stock.days_to_reorder !== null && stock.days_to_reorder <= LOW_STOCK_DAYS)
    return stock.days_to_reorder === 0
      ? 'Low stock: a reorder is needed soon.'
      : `Low stock: a reorder is needed in ${stock.days_to_reorder} days.`;
  return null;
}
