import type { DestroyedStampsRecord } from '#domain/contracts/stamp.contract.js';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { pairsToRanges } from '../stamp.responses.js';
import { DestroyedStampsQuery } from './destroyed-stamps.query.js';

@QueryHandler(DestroyedStampsQuery)
export class DestroyedStampsHandler implements IQueryHandler<DestroyedStampsQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ companyId }: DestroyedStampsQuery): Promise<DestroyedStampsRecord[]> {
    const rows = await tenantQuery(
      this.pool,
      companyId,
      `SELECT d.id, d.roll_id, d.prefix, d.range_from::float8 AS range_from, d.range_to::float8 AS range_to,
              d.count::float8 AS count, d.ranges, d.note, d.destroyed_at, u.name AS destroyed_by
         FROM rm_stamp_destroyed d LEFT JOIN users u ON u.id::text = d.destroyed_by
        WHERE d.company_id = $1 AND d.restored_at IS NULL
        ORDER BY d.id DESC`,
    );
    return rows.map((row) => ({
      id: row.id as number,
      roll_id: row.roll_id as number,
      prefix: row.prefix as string,
      from: row.range_from as number,
      to: row.range_to as number,
      count: row.count as number,
      ranges: pairsToRanges(row.ranges as [number, number][]),
      note: row.note as string | null,
      destroyed_at: (row.destroyed_at as Date).toISOString(),
      destroyed_by: (row.destroyed_by as string | null) ?? null,
    }));
  }
}
