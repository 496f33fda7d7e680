import { describe, expect, it } from '@jest/globals';
import { addItems, byDistributor, loadDraft, reorderItem, totals, type RestockItem } from './restock-list';

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

  it('reorders the suggested quantity, else 1, at the buying price', () => {
    const row = { id: 'a', product: 'A', product_size: '750ml', last_purchase_price: 4.5 };
    expect(reorderItem({ ...row, suggested_qty: 48 })).toEqual({ ...item('a', 48, 4.5) });
    expect(reorderItem({ ...row, suggested_qty: 0 }).qty).toBe(1);
  });

  it('groups the items awaiting reorder by distributor, those without one last', () => {
    const rows = [
      { id: '1', distributor: 'Southern Glazer' },
      { id: '2', distributor: null },
      { id: '3', distributor: 'Ben E. Keith' },
      { id: '4', distributor: 'Southern Glazer ' },
    ];
    expect(byDistributor(rows).map((g) => [g.distributor, g.rows.map((r) => r.id)])).toEqual([
      ['Ben E. Keith', ['3']],
      ['Southern Glazer', ['1', '4']],
      ['', ['2']],
    ]);
  });

  it('starts empty when the session holds nothing or something broken', () => {
    expect(loadDraft({ getItem: () => null }).items).toEqual([]);
    expect(loadDraft({ getItem: () => '{oops' }).items).toEqual([]);
    const saved = { distributor: 'X', reference: 'PO', items: [item('a', 1)], key: 'restock-1' };
    expect(loadDraft({ getItem: () => JSON.stringify(saved) })).toEqual(saved);
  });
});
