import { describe, expect, it } from '@jest/globals';
import { columnSelectValue, joinFacts, withColumnSelect } from './phone-row';

describe('a phone row', () => {
  it('joins the facts that say something with a middle dot', () => {
    expect(joinFacts('750ml', null, undefined, false, '  ', 'Invoice #1042')).toBe('750ml · Invoice #1042');
    expect(joinFacts(null, '')).toBe('');
  });
});

describe('a select column filtered from above the list', () => {
  const none = { items: [] };

  it('filters on the one value chosen, the only condition', () => {
    const model = withColumnSelect(
      { items: [{ id: 1, field: 'product', operator: 'contains', value: 'merlot' }] },
      'source',
      'RESTOCK',
    );
    expect(model).toEqual({ items: [{ id: 'source', field: 'source', operator: 'is', value: 'RESTOCK' }] });
    expect(columnSelectValue(model, 'source')).toBe('RESTOCK');
  });

  it('drops the column’s condition for "all", and keeps the others', () => {
    const model = withColumnSelect(
      {
        items: [
          { id: 'source', field: 'source', operator: 'is', value: 'RESTOCK' },
          { id: 2, field: 'product', operator: 'contains', value: 'merlot' },
        ],
      },
      'source',
      '',
    );
    expect(model).toEqual({ items: [{ id: 2, field: 'product', operator: 'contains', value: 'merlot' }] });
    expect(columnSelectValue(model, 'source')).toBe('');
  });

  it('reads no value from another operator or column', () => {
    expect(columnSelectValue(none, 'status')).toBe('');
    expect(
      columnSelectValue({ items: [{ field: 'status', operator: 'isAnyOf', value: ['sent'] }] }, 'status'),
    ).toBe('');
    expect(columnSelectValue({ items: [{ field: 'source', operator: 'is', value: 'sent' }] }, 'status')).toBe(
      '',
    );
  });
});
