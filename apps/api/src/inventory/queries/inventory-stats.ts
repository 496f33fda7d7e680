import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Readable } from 'node:stream';
import type pg from 'pg';
import type { InventoryStats } from '#domain/contracts/inventory.contract.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { companyTimeZone, companyZoneSql, fileDate } from '../../infra/company-time.js';
import { streamCursorCsv } from '../../infra/csv/cursor-csv.js';
import { INVENTORY_ROWS } from './inventory.grid.js';

/**
 * Inventory stats of a period (as the client's specification asks): per current product its stock now and what moved in the
 * company's days [from, to]: units restocked, units invoiced (out), manual adjustments. $1 company, $2 from, $3 to.
 */
const STATS_SQL = `
SELECT g.id AS product_id, g.product, g.product_size, g.distributor, g.qty::float8 AS qty, g.status,
       ((g.qty * g.last_purchase_price_cents) / 100.0)::float8 AS inventory_value,
       COALESCE(sum(h.qty) FILTER (WHERE h.source = 'RESTOCK'), 0)::float8 AS restocked,
       (-COALESCE(sum(h.qty) FILTER (WHERE h.source = 'INVOICE'), 0))::float8 AS invoiced,
       COALESCE(sum(h.qty) FILTER (WHERE h.source = 'MANUAL'), 0)::float8 AS adjusted
  FROM ${INVENTORY_ROWS}
  JOIN rm_company c ON c.id = g.company_id
  LEFT JOIN rm_inventory_history h
    ON h.company_id = g.company_id AND h.product_id = g.id
   AND (h.created_at AT TIME ZONE ${companyZoneSql('c')})::date BETWEEN $2::date AND $3::date
 WHERE g.company_id = $1
 GROUP BY g.id, g.product, g.product_size, g.distributor, g.qty, g.status, g.last_purchase_price_cents
 ORDER BY invoiced DESC, g.product, g.id`;

export class InventoryStatsQuery extends Query<InventoryStats> {
  constructor(
    readonly companyId: string,
    readonly from: string,
    readonly to: string,
  ) {
    super();
  }
}

@QueryHandler(InventoryStatsQuery)
export class InventoryStatsHandler implements IQueryHandler<InventoryStatsQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ companyId, from, to }: InventoryStatsQuery): Promise<InventoryStats> {
    const rows = await tenantQuery<InventoryStats['products'][number] & Record<string, unknown>>(
      this.pool,
      companyId,
      STATS_SQL,
      [from, to],
    );
    const sum = (key: 'qty' | 'inventory_value' | 'restocked' | 'invoiced' | 'adjusted') =>
      rows.reduce((total, row) => total + Number(row[key]), 0);
    const count = (status: string) => rows.filter((row) => row.status === status).length;
    return {
      from,
      to,
      totals: {
        products: rows.length,
        units_in_stock: sum('qty'),
        inventory_value: Math.round(sum('inventory_value') * 100) / 100,
        restocked: sum('restocked'),
        invoiced: sum('invoiced'),
        adjusted: sum('adjusted'),
        low: count('LOW'),
        zero: count('ZERO'),
        negative: count('NEGATIVE'),
      },
      products: rows.slice(0, 10),
    };
  }
}

export const INVENTORY_STATS_CSV: [string, string][] = [
  ['Product', 'product'],
  ['Size', 'product_size'],
  ['Distributor', 'distributor'],
  ['In Stock', 'qty'],
  ['Status', 'status'],
  ['Inventory Value', 'inventory_value'],
  ['Restocked', 'restocked'],
  ['Invoiced', 'invoiced'],
  ['Adjusted', 'adjusted'],
];

export class InventoryStatsCsvQuery extends Query<{ filename: string; stream: Readable }> {
  constructor(
    readonly companyId: string,
    readonly from: string,
    readonly to: string,
    readonly now: Date,
  ) {
    super();
  }
}

/** inventory_stats_{from}_{to}.csv: every product of the stats, streamed. */
@QueryHandler(InventoryStatsCsvQuery)
export class InventoryStatsCsvHandler implements IQueryHandler<InventoryStatsCsvQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ companyId, from, to, now }: InventoryStatsCsvQuery) {
    const timeZone = await companyTimeZone(this.pool, companyId);
    const stream = await streamCursorCsv(
      this.pool,
      { text: STATS_SQL, values: [companyId, from, to] },
      INVENTORY_STATS_CSV.map(([header]) => header),
      (row) => INVENTORY_STATS_CSV.map(([, key]) => row[key]),
    );
    return { filename: `inventory_stats_${fileDate(now, timeZone)}.csv`, stream };
  }
}
