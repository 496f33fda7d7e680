import { Inject, Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import type pg from 'pg';
import { tenantQuery } from '#infra/db/tenant-query.js';
import {
  buildGridQueries,
  parseGridRequest,
  runGrid,
  type GridDefinition,
  type GridInput,
  type GridResult,
  type SqlQuery,
} from '#infra/grid/index.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { companyTimeZone } from '../../infra/company-time.js';
import { allRowsOf, streamCursorCsv } from '../../infra/csv/cursor-csv.js';
import { INVENTORY_ROWS } from './inventory.grid.js';

/** Rows answered with `ignoreLimit=true` (the restock list, exports go through the CSV instead). */
export const IGNORE_LIMIT_ROWS = 10_000;

const queryOf = (query: SqlQuery): [string, unknown[]] => [query.text, query.values];

function limitOf(query: SqlQuery, limit: number): SqlQuery {
  const values = [...query.values];
  values[values.length - 2] = limit;
  values[values.length - 1] = 0;
  return { ...query, values };
}

/** The inventory's reads: the grids' pages and exports, the distributors, the stock of products. */
@Injectable()
export class InventoryReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  /** A page of the grid. */
  page(
    grid: GridDefinition,
    input: GridInput,
    companyId: string,
  ): Promise<GridResult<Record<string, unknown>>> {
    return runGrid(this.pool, grid, input, companyId);
  }

  /** Every matching row (at most IGNORE_LIMIT_ROWS) and the full count. */
  async everyRow(
    grid: GridDefinition,
    input: GridInput,
    companyId: string,
  ): Promise<GridResult<Record<string, unknown>>> {
    const queries = buildGridQueries(
      grid,
      parseGridRequest(grid, { ...input, startRow: 0, endRow: 1 }),
      companyId,
    );
    const page = await this.pool.query(...queryOf(limitOf(queries.rows, IGNORE_LIMIT_ROWS)));
    // Fewer rows than the limit are all the rows: they are their own count (the restock list's usual case).
    const count =
      page.rows.length < IGNORE_LIMIT_ROWS
        ? page.rows.length
        : Number((await this.pool.query(...queryOf(queries.count))).rows[0].count);
    return { rows: page.rows as Record<string, unknown>[], count };
  }

  /** Whether the query (a first page of one row) finds a row. */
  async any(query: SqlQuery): Promise<boolean> {
    const first = await this.pool.query(query.text, query.values);
    return first.rows.length > 0;
  }

  timeZone(companyId: string): Promise<string> {
    return companyTimeZone(this.pool, companyId);
  }

  /** Every row of the grid query, only the file's columns (the others are never computed nor parsed), as CSV. */
  csv(
    query: SqlQuery,
    colIds: string[],
    header: string[],
    cellsOf: (row: Record<string, unknown>) => unknown[],
  ): Promise<Readable> {
    const all = allRowsOf(query);
    return streamCursorCsv(
      this.pool,
      {
        text: `SELECT ${colIds.map((colId) => `q."${colId}"`).join(', ')} FROM (${all.text}) q`,
        values: all.values,
      },
      header,
      cellsOf,
    );
  }

  /** The distributors of the company's current products' inventory, by name. */
  async distributors(companyId: string): Promise<string[]> {
    const rows = await tenantQuery<{ distributor: string }>(
      this.pool,
      companyId,
      `SELECT DISTINCT i.distributor FROM rm_inventory i
         JOIN rm_product p ON p.id = i.id AND p.company_id = i.company_id AND p.deleted_at IS NULL AND NOT p.archived
        WHERE i.company_id = $1 AND i.distributor IS NOT NULL AND btrim(i.distributor) <> ''
        ORDER BY i.distributor`,
    );
    return rows.map((row) => row.distributor);
  }

  /** The stock of these products, by product name. */
  stock(companyId: string, ids: string[]): Promise<Record<string, unknown>[]> {
    return tenantQuery(
      this.pool,
      companyId,
      `SELECT g.id AS product_id, g.product, g.distributor, g.qty::float8 AS qty, g.status, g.reorder_needed,
              g.days_to_reorder, g.reorder_level, g.suggested_qty, g.last_restock_at,
              g.last_restock_qty::float8 AS last_restock_qty
         FROM ${INVENTORY_ROWS} WHERE g.company_id = $1 AND g.id = ANY($2::uuid[]) ORDER BY g.product`,
      [ids],
    );
  }
}
