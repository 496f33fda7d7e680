import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { MpowerRecord } from '#domain/contracts/integration.contract.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { syncOutcome } from '../../queries/sync-history.reader.js';

/** The sales platform's reads: an invoice's number, a sync's outcome and an invoice's sync record. */
@Injectable()
export class MpowerReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  /** The number of an invoice not deleted, or undefined. */
  async invoiceNumber(companyId: string, id: string): Promise<string | undefined> {
    const [invoice] = await tenantQuery<{ number: string }>(
      this.pool,
      companyId,
      'SELECT number FROM rm_invoice WHERE company_id = $1 AND id = $2 AND deleted_at IS NULL',
      [id],
    );
    return invoice?.number;
  }

  sync(companyId: string, syncId: string) {
    return syncOutcome(this.pool, companyId, syncId);
  }

  /** The invoice's sales platform record (a sync record per invoice). */
  async record(companyId: string, id: string): Promise<MpowerRecord> {
    const [row] = await tenantQuery<{ ok: boolean; error: string | null; updated_at: Date }>(
      this.pool,
      companyId,
      `SELECT ok, error, updated_at FROM rm_integration_item
        WHERE company_id = $1 AND partner = 'mpower' AND kind = 'invoice' AND item_id = $2`,
      [id],
    );
    if (!row) return { status: 'never', updatedAt: null, error: null };
    return {
      status: row.ok ? 'synced' : 'failed',
      updatedAt: row.updated_at.toISOString(),
      error: row.error,
    };
  }
}
