import { describe, expect, it } from '@jest/globals';
import { addItems, loadDraft, reorderItem, totals, type RestockItem } from './restock-list';

const item = (id: string, qty: number, cost = 1): RestockItem => ({
  product_id: id,
  product: id.toUpperCase(),
  product_size: '750ml',
  qty,
  item_cost: cost,
});

describe('Restock list', () => {
  it('adds new products and adds up a product listed again (the later cost wins)', () => {
    expect(addItems([item('a', 2)], [item('b', 1), item('a', 3, 5)])).toEqual([
      item('a', 5, 5),
      item('b', 1),
    ]);
  });

  it('counts units and items', () =>
    expect(totals([item('a', 2), item('b', 3)])).toEqual({ units: 5, items: 2 }));

  it('reorders the qty to reorder, else 1, at the buying price', () => {
    const row = { id: 'a', product: 'A', product_size: '750ml', last_purchase_price: 4.5 };
    expect(reorderItem({ ...row, reorder_qty: 12 })).toEqual({ ...item('a', 12, 4.5) });
    expect(reorderItem({ ...row, reorder_qty: null }).qty).toBe(1);
  });

  it('starts empty when the session holds nothing or something broken', () => {
    expect(loadDraft({ getItem: () => null }).items).toEqual([]);
    expect(loadDraft({ getItem: () => '{oops' }).items).toEqual([]);
    const saved = { distributor: 'X', reference: 'PO', items: [item('a', 1)], key: 'restock-1' };
    expect(loadDraft({ getItem: () => JSON.stringify(saved) })).toEqual(saved);
  });
});
