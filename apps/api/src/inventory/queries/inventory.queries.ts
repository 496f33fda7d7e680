import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Readable } from 'node:stream';
import type pg from 'pg';
import type { StockRow } from '#domain/contracts/inventory.contract.js';
import { inventoryError } from '#domain/inventory/inventory.errors.js';
import { isUuid } from '#domain/shared/field-rules.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import {
  buildGridQueries,
  parseGridRequest,
  runGrid,
  type GridDefinition,
  type GridResult,
  type SqlQuery,
} from '#infra/grid/index.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { companyTimeZone, fileDate, localDateTime } from '../../infra/company-time.js';
import { allRowsOf, streamCursorCsv } from '../../infra/csv/cursor-csv.js';
import type { InventoryGridParams } from '../dto/inventory.params.js';
import {
  INVENTORY_CSV,
  INVENTORY_HISTORY_CSV,
  INVENTORY_ROWS,
  inventoryGridFor,
  inventoryHistoryGrid,
  inventoryVelocityGrid,
} from './inventory.grid.js';

/** Rows answered with `ignoreLimit=true` (the restock list, exports go through the CSV instead). */
export const IGNORE_LIMIT_ROWS = 10_000;

export type InventoryGridKind = 'inventory' | 'history';
/** The grid of a request: the inventory's reads every row's recent sales once when its filter or sort needs them. */
const gridOf = (
  kind: InventoryGridKind,
  params: { filterModel?: string; sortModel?: string },
): GridDefinition => (kind === 'history' ? inventoryHistoryGrid : inventoryGridFor(params));

export class InventoryGridQuery extends Query<GridResult<Record<string, unknown>>> {
  constructor(
    readonly companyId: string,
    readonly kind: InventoryGridKind,
    readonly params: InventoryGridParams,
  ) {
    super();
  }
}

/** A page of the grid, or with ignoreLimit every matching row (at most IGNORE_LIMIT_ROWS) and the full count. */
@QueryHandler(InventoryGridQuery)
export class InventoryGridHandler implements IQueryHandler<InventoryGridQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ companyId, kind, params }: InventoryGridQuery) {
    const grid = gridOf(kind, params);
    const { ignoreLimit, ...input } = params;
    if (ignoreLimit !== 'true') return runGrid(this.pool, grid, input, companyId);
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
}

const queryOf = (query: SqlQuery): [string, unknown[]] => [query.text, query.values];

function limitOf(query: SqlQuery, limit: number): SqlQuery {
  const values = [...query.values];
  values[values.length - 2] = limit;
  values[values.length - 1] = 0;
  return { ...query, values };
}

export class InventoryCsvQuery extends Query<{ filename: string; stream: Readable }> {
  constructor(
    readonly companyId: string,
    readonly kind: InventoryGridKind,
    readonly params: Omit<InventoryGridParams, 'startRow' | 'endRow'>,
    readonly now: Date,
  ) {
    super();
  }
}

/**
 * inventory_{date}.csv / inventory_history_{date}.csv of the grid's filter and sort, streamed through a cursor;
 * 404 'No inventory found' when no row matches (as the client's specification asks).
 */
@QueryHandler(InventoryCsvQuery)
export class InventoryCsvHandler implements IQueryHandler<InventoryCsvQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ companyId, kind, params, now }: InventoryCsvQuery) {
    // Every row of the export needs its recent sales: summed once, not looked up row by row.
    const grid = kind === 'history' ? inventoryHistoryGrid : inventoryVelocityGrid;
    const { filterModel, sortModel } = params;
    const queries = buildGridQueries(
      grid,
      parseGridRequest(grid, { filterModel, sortModel, startRow: 0, endRow: 1 }),
      companyId,
    );
    const first = await this.pool.query(queries.rows.text, queries.rows.values);
    if (first.rows.length === 0) throw inventoryError('INVENTORY_NOT_FOUND');
    const timeZone = await companyTimeZone(this.pool, companyId);
    const columns = kind === 'inventory' ? INVENTORY_CSV : INVENTORY_HISTORY_CSV;
    // The file's columns only (the grid's others are never computed nor parsed), in the grid's order.
    const all = allRowsOf(queries.rows);
    const stream = await streamCursorCsv(
      this.pool,
      {
        text: `SELECT ${columns.map(([, colId]) => `q."${colId}"`).join(', ')} FROM (${all.text}) q`,
        values: all.values,
      },
      columns.map(([header]) => header),
      (row) =>
        columns.map(([, colId]) => {
          const value = row[colId];
          if (colId === 'reorder_needed') return value ? 'Yes' : 'No';
          // Times as the company's clock reads them, as on the screen.
          return value instanceof Date ? localDateTime(value, timeZone) : value;
        }),
    );
    const name = kind === 'inventory' ? 'inventory' : 'inventory_history';
    return { filename: `${name}_${fileDate(now, timeZone)}.csv`, stream };
  }
}

export class InventoryDistributorsQuery extends Query<string[]> {
  constructor(readonly companyId: string) {
    super();
  }
}

/** GET inventory/distributors: the distributors of the company's current products' inventory, by name. */
@QueryHandler(InventoryDistributorsQuery)
export class InventoryDistributorsHandler implements IQueryHandler<InventoryDistributorsQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ companyId }: InventoryDistributorsQuery) {
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
}

export class InventoryStockQuery extends Query<StockRow[]> {
  constructor(
    readonly companyId: string,
    readonly productIds: string[],
  ) {
    super();
  }
}

@QueryHandler(InventoryStockQuery)
export class InventoryStockHandler implements IQueryHandler<InventoryStockQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ companyId, productIds }: InventoryStockQuery): Promise<StockRow[]> {
    const ids = [...new Set(productIds.map((id) => id.trim().toLowerCase()))].filter(isUuid).slice(0, 200);
    if (ids.length === 0) return [];
    const rows = await tenantQuery(
      this.pool,
      companyId,
      `SELECT g.id AS product_id, g.product, g.distributor, g.qty::float8 AS qty, g.status, g.reorder_needed,
              g.days_to_reorder, g.reorder_level, g.suggested_qty, g.last_restock_at,
              g.last_restock_qty::float8 AS last_restock_qty
         FROM ${INVENTORY_ROWS} WHERE g.company_id = $1 AND g.id = ANY($2::uuid[]) ORDER BY g.product`,
      [ids],
    );
    return rows.map((row) => ({
      ...(row as unknown as StockRow),
      reorder_needed: row.reorder_needed === 1,
      last_restock_at: row.last_restock_at ? (row.last_restock_at as Date).toISOString() : null,
    }));
  }
}
