import { describe, expect, it } from '@jest/globals';
import type { StockRow } from '#domain/contracts/inventory.contract';
import { stockWarning } from './stock-warning';

const stock = (qty: number, more: Partial<StockRow> = {}): StockRow => ({
  product_id: 'p',
  product: 'P',
  distributor: null,
  qty,
  status: 'OK',
  reorder_needed: false,
  days_to_reorder: null,
  reorder_level: null,
  suggested_qty: 0,
  last_restock_at: null,
  last_restock_qty: null,
  ...more,
});

describe('Stock warning in the invoice builder', () => {
  it('says only N available when the invoice takes more than the stock', () => {
    expect(stockWarning(stock(4), 6)).toBe('Only 4 available: this will result in negative inventory.');
    expect(stockWarning(stock(0), 1)).toBe('This will result in negative inventory.');
    expect(stockWarning(stock(-2), 1)).toBe('This will result in negative inventory.');
  });

  it('warns when the invoice empties the stock', () =>
    expect(stockWarning(stock(5), 5)).toBe('This will result in zero inventory.'));

  it('counts the units an edited invoice holds already as available to it', () => {
    expect(stockWarning(stock(0), 5, 5)).toBe('This will result in zero inventory.');
    expect(stockWarning(stock(10), 5, 5)).toBeNull();
  });

  it('warns of low stock at the reorder level, or a reorder due within a week', () => {
    expect(stockWarning(stock(10, { reorder_level: 8 }), 3)).toBe('Low stock: a reorder is needed soon.');
    expect(stockWarning(stock(100, { days_to_reorder: 3 }), 1)).toBe(
      'Low stock: a reorder is needed in 3 days.',
    );
    expect(stockWarning(stock(100, { days_to_reorder: 30 }), 1)).toBeNull();
  });

  it('says nothing without stock data or units', () => {
    expect(stockWarning(undefined, 3)).toBeNull();
    expect(stockWarning(stock(1), 0)).toBeNull();
  });
});
