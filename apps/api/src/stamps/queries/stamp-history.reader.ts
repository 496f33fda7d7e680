import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { stampOfRequest } from '../stamp-serials.js';
import { STAMP_ROLL_COLUMNS, type StampRollRow } from '../stamp.responses.js';

/**
 * A stamp's history, read from ranges: the roll holding the number, then the log rows of that roll whose range holds
 * it (an index range scan on (company, roll, start)). There is never a row per stamp.
 */
@Injectable()
export class StampHistoryReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  /** The stamp a request names: a prefix and number, or a serial as scanned (400 when it reads as none). */
  stamp(companyId: string, params: { prefix?: string; number?: number; serial?: string }) {
    return stampOfRequest(this.pool, companyId, params);
  }

  /** The roll whose range holds the number, or undefined. */
  async rollHolding(
    companyId: string,
    prefix: string,
    number: number,
  ): Promise<(StampRollRow & Record<string, unknown>) | undefined> {
    const [roll] = await tenantQuery<StampRollRow & Record<string, unknown>>(
      this.pool,
      companyId,
      `SELECT ${STAMP_ROLL_COLUMNS} FROM rm_stamp_roll
        WHERE company_id = $1 AND prefix = $2 AND range_from <= $3 AND range_to >= $3`,
      [prefix, number],
    );
    return roll;
  }

  /** The roll's log rows whose range holds the number, in the order they were logged. */
  log(companyId: string, rollId: number, number: number): Promise<Record<string, unknown>[]> {
    return tenantQuery(
      this.pool,
      companyId,
      `SELECT l.kind, l.logged_at, l.range_from::float8 AS range_from, l.range_to::float8 AS range_to, l.user_id,
              u.name AS user_name, l.invoice_id, l.invoice_number, l.customer_id, l.customer_name, l.customer_tabc_id,
              l.note, l.destroy_id, l.related
         FROM rm_stamp_log l LEFT JOIN users u ON u.id::text = l.user_id
        WHERE l.company_id = $1 AND l.roll_id = $2 AND l.range_from <= $3 AND l.range_to >= $3
        ORDER BY l.seq`,
      [rollId, number],
    );
  }
}
