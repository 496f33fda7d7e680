import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { FintechSyncLogEntry } from '#domain/contracts/integration.contract.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { syncOutcome } from '../../queries/sync-history.reader.js';

/** Fintech sync reads: which named invoices exist, a sync's outcome, and the syncs that named some invoices. */
@Injectable()
export class FintechSyncReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  /** How many of these invoices exist (not deleted). */
  async countInvoices(companyId: string, ids: string[]): Promise<number> {
    const [found] = await tenantQuery<{ count: string }>(
      this.pool,
      companyId,
      'SELECT count(*) AS count FROM rm_invoice WHERE company_id = $1 AND id = ANY($2::uuid[]) AND deleted_at IS NULL',
      [ids],
    );
    return Number(found?.count);
  }

  sync(companyId: string, syncId: string) {
    return syncOutcome(this.pool, companyId, syncId);
  }

  /** The fintech syncs that named any of these invoices, newest first. */
  async log(companyId: string, ids: string[]): Promise<FintechSyncLogEntry[]> {
    const syncs = await tenantQuery<{
      sync_id: string;
      status: string;
      error: string | null;
      synced: number;
      failed: number;
      invoice_ids: string[];
      started_at: Date;
    }>(
      this.pool,
      companyId,
      `SELECT sync_id, status, error, synced, failed, scope -> 'invoiceIds' AS invoice_ids, started_at
         FROM rm_integration_sync
        WHERE company_id = $1 AND partner = 'fintech' AND (scope -> 'invoiceIds') ?| $2::text[]
        ORDER BY started_at DESC LIMIT 50`,
      [ids],
    );
    const failures = await tenantQuery<{ sync_id: string; data: { message: string } }>(
      this.pool,
      companyId,
      `SELECT sync_id, data FROM rm_integration_sync_log
        WHERE company_id = $1 AND sync_id = ANY($2::uuid[]) AND NOT ok ORDER BY position`,
      [syncs.map((sync) => sync.sync_id)],
    );
    return syncs.map((sync) => {
      const failed = failures.filter((row) => row.sync_id === sync.sync_id).map((row) => row.data.message);
      const ok = sync.status === 'success' && sync.failed === 0;
      return {
        id: sync.sync_id,
        invoice_ids: sync.invoice_ids,
        createdAt: sync.started_at.toISOString(),
        success_log: ok ? { message: `${sync.synced} invoice(s) synced.` } : null,
        error_log: ok
          ? null
          : sync.status === 'running'
            ? { step: 'running', message: 'The sync is running.' }
            : { step: sync.error ? 'send' : 'invoice', message: sync.error ?? failed.join(' ') },
      };
    });
  }
}
