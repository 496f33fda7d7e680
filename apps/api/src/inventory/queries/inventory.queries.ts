import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Readable } from 'node:stream';
import type { StockRow } from '#domain/contracts/inventory.contract.js';
import { inventoryError } from '#domain/inventory/inventory.errors.js';
import { isUuid } from '#domain/shared/field-rules.js';
import {
  buildGridQueries,
  parseGridRequest,
  type GridDefinition,
  type GridResult,
} from '#infra/grid/index.js';
import { fileDate, localDateTime } from '../../infra/company-time.js';
import type { InventoryGridParams } from '../dto/inventory.params.js';
import {
  INVENTORY_CSV,
  INVENTORY_HISTORY_CSV,
  inventoryGridFor,
  inventoryHistoryGrid,
  inventoryVelocityGrid,
} from './inventory.grid.js';
import { InventoryReader } from './inventory.reader.js';

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
  constructor(@Inject(InventoryReader) private readonly reader: InventoryReader) {}

  async execute({ companyId, kind, params }: InventoryGridQuery) {
    const grid = gridOf(kind, params);
    const { ignoreLimit, ...input } = params;
    return ignoreLimit === 'true'
      ? this.reader.everyRow(grid, input, companyId)
      : this.reader.page(grid, input, companyId);
  }
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
  constructor(@Inject(InventoryReader) private readonly reader: InventoryReader) {}

  async execute({ companyId, kind, params, now }: InventoryCsvQuery) {
    // Every row of the export needs its recent sales: summed once, not looked up row by row.
    const grid = kind === 'history' ? inventoryHistoryGrid : inventoryVelocityGrid;
    const { filterModel, sortModel } = params;
    const queries = buildGridQueries(
      grid,
      parseGridRequest(grid, { filterModel, sortModel, startRow: 0, endRow: 1 }),
      companyId,
    );
    if (!(await this.reader.any(queries.rows))) throw inventoryError('INVENTORY_NOT_FOUND');
    const timeZone = await this.reader.timeZone(companyId);
    const columns = kind === 'inventory' ? INVENTORY_CSV : INVENTORY_HISTORY_CSV;
    // The file's columns only, in the grid's order.
    const stream = await this.reader.csv(
      queries.rows,
      columns.map(([, colId]) => colId),
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
  constructor(@Inject(InventoryReader) private readonly reader: InventoryReader) {}

  async execute({ companyId }: InventoryDistributorsQuery) {
    return this.reader.distributors(companyId);
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
  constructor(@Inject(InventoryReader) private readonly reader: InventoryReader) {}

  async execute({ companyId, productIds }: InventoryStockQuery): Promise<StockRow[]> {
    const ids = [...new Set(productIds.map((id) => id.trim().toLowerCase()))].filter(isUuid).slice(0, 200);
    if (ids.length === 0) return [];
    const rows = await this.reader.stock(companyId, ids);
    return rows.map((row) => ({
      ...(row as unknown as StockRow),
      reorder_needed: row.reorder_needed === 1,
      last_restock_at: row.last_restock_at ? (row.last_restock_at as Date).toISOString() : null,
    }));
  }
}
