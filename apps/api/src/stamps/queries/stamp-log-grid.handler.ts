import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import type { StampLogRow } from '#domain/contracts/stamp.contract.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { buildGridQueries, parseGridRequest, type GridResult } from '#infra/grid/index.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { stampLogGrid } from './stamp-log.grid.js';
import { StampLogGridQuery } from './stamp-log-grid.query.js';

/**
 * The shared grid protocol, except for the count of an unfiltered log: the ledger keeps it, so a company with a
 * million rows is not counted on every page (a filtered count is exact, from the rows).
 */
@QueryHandler(StampLogGridQuery)
export class StampLogGridHandler implements IQueryHandler<StampLogGridQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ companyId, params }: StampLogGridQuery): Promise<GridResult<StampLogRow>> {
    const request = parseGridRequest(stampLogGrid, params);
    const queries = buildGridQueries(stampLogGrid, request, companyId);
    const [rows, count] = await Promise.all([
      this.pool.query<StampLogRow>(queries.rows.text, queries.rows.values),
      request.filters.length > 0
        ? this.pool.query(queries.count.text, queries.count.values).then((r) => Number(r.rows[0].count))
        : tenantQuery<{ n: string }>(
            this.pool,
            companyId,
            'SELECT log_count AS n FROM rm_stamp_ledger WHERE company_id = $1',
          ).then(([row]) => Number(row?.n ?? 0)),
    ]);
    return { rows: rows.rows, count };
  }
}
