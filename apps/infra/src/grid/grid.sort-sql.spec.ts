import { defineGrid } from './grid.definition.js';
import { parseGridRequest } from './grid-request.parser.js';
import { buildGridQueries } from './grid.sql.js';

const grid = defineGrid({
  table: 'rm_customer',
  columns: {
    name: { sql: 'name', type: 'text', sortSql: "(name || '')" },
    city: { sql: 'city', type: 'text' },
  },
  defaultSort: [{ colId: 'name', sort: 'asc' }],
});

const sql = (input: Record<string, string>) =>
  buildGridQueries(grid, parseGridRequest(grid, { startRow: '0', endRow: '25', ...input }), 'company-1').rows
    .text;

describe('Grid column sortSql', () => {
  it('orders by the sort expression, and filters and selects by the column itself', () => {
    const text = sql({
      filterModel: JSON.stringify({ name: { filterType: 'text', type: 'contains', filter: 'x' } }),
    });
    expect(text).toContain(`SELECT id AS "id", name AS "name", city AS "city"`);
    expect(text).toContain('(name) ILIKE $2');
    expect(text).toContain(`ORDER BY (name || '') ASC NULLS LAST, id ASC`);
  });

  it('defaults to the column itself', () =>
    expect(sql({ sortModel: JSON.stringify([{ colId: 'city', sort: 'desc' }]) })).toContain(
      'ORDER BY city DESC NULLS LAST, id ASC',
    ));
});
