import type { Queryable } from '../db/database.js';
import type { GridDefinition } from './grid.definition.js';
import { parseGridRequest, type GridInput } from './grid-request.parser.js';
import { buildGridQueries } from './grid.sql.js';

export interface GridResult<Row> {
  rows: Row[];
  count: number;
}

/**
 * Answers one grid request for one company: `{ rows, count }`, where count is the number of rows matching the
 * filters. Throws a 400 (BadRequestException with details) for any request the grid does not allow.
 */
export async function runGrid<Row = Record<string, unknown>>(
  db: Queryable,
  grid: GridDefinition,
  params: GridInput,
  companyId: string,
): Promise<GridResult<Row>> {
  const queries = buildGridQueries(grid, parseGridRequest(grid, params), companyId);
  const [rows, count] = await Promise.all([
    db.query(queries.rows.text, queries.rows.values),
    db.query(queries.count.text, queries.count.values),
  ]);
  return { rows: rows.rows as Row[], count: Number(count.rows[0].count) };
}
