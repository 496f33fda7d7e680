import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type {
  CloverProductState,
  SyncHistory,
  SyncLogRow,
  SyncSummary,
} from '#domain/contracts/integration.contract.js';
import { cloverNotUpdated } from '#domain/integrations/integration.errors.js';
import type { Partner } from '#domain/integrations/integration.events.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';

/** One sync's outcome (status, error, records synced and failed); undefined for another company's or none. */
export async function syncOutcome(pool: pg.Pool, companyId: string, syncId: string) {
  const [sync] = await tenantQuery<{ status: string; error: string | null; synced: number; failed: number }>(
    pool,
    companyId,
    'SELECT status, error, synced, failed FROM rm_integration_sync WHERE company_id = $1 AND sync_id = $2',
    [syncId],
  );
  return sync;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

type SyncRow = {
  sync_id: string;
  kind: SyncSummary['kind'];
  status: SyncSummary['status'];
  error: string | null;
  synced: number;
  failed: number;
  started_at: Date;
  completed_at: Date | null;
};

const summary = (row: SyncRow): SyncSummary => ({
  syncId: row.sync_id,
  kind: row.kind,
  status: row.status,
  error: row.error,
  synced: row.synced,
  failed: row.failed,
  createdAt: iso(row.started_at)!,
  completedAt: iso(row.completed_at),
});

/** A partner's syncs: their history, one sync's log, and a product's state in Clover. */
@Injectable()
export class SyncHistoryReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async history(companyId: string, partner: Partner): Promise<SyncHistory> {
    const syncs = await tenantQuery<SyncRow>(
      this.pool,
      companyId,
      `SELECT sync_id, kind, status, error, synced, failed, started_at, completed_at FROM rm_integration_sync
        WHERE company_id = $1 AND partner = $2 ORDER BY started_at DESC LIMIT 20`,
      [partner],
    );
    const failedInvoices = await tenantQuery<{
      item_id: string;
      label: string;
      error: string | null;
      sync_id: string;
      updated_at: Date;
    }>(
      this.pool,
      companyId,
      `SELECT item_id, label, error, sync_id, updated_at FROM rm_integration_item
        WHERE company_id = $1 AND partner = $2 AND kind = 'invoice' AND NOT ok
        ORDER BY updated_at DESC LIMIT 100`,
      [partner],
    );
    const failedProducts = await tenantQuery<SyncRow>(
      this.pool,
      companyId,
      `SELECT sync_id, kind, status, error, synced, failed, started_at, completed_at FROM rm_integration_sync
        WHERE company_id = $1 AND partner = $2 AND kind IN ('products', 'inventory')
          AND (failed > 0 OR status = 'failed')
        ORDER BY started_at DESC LIMIT 20`,
      [partner],
    );
    return {
      lastSync: syncs[0] ? summary(syncs[0]) : null,
      syncs: syncs.map(summary),
      failedInvoices: failedInvoices.map((row) => ({
        invoice_id: row.item_id,
        company_id: companyId,
        invoice: { number: row.label },
        error: row.error,
        sync_id: row.sync_id,
        updatedAt: iso(row.updated_at)!,
      })),
      failedProductSyncLog: failedProducts.map((row) => ({
        sync_id: row.sync_id,
        createdAt: iso(row.started_at)!,
        failed: row.failed,
        error: row.error,
      })),
    };
  }

  /** The sync's log rows, or undefined when the partner has no such sync. */
  async log(companyId: string, partner: Partner, syncId: string): Promise<SyncLogRow[] | undefined> {
    const [sync] = await tenantQuery<{ sync_id: string }>(
      this.pool,
      companyId,
      'SELECT sync_id FROM rm_integration_sync WHERE company_id = $1 AND partner = $2 AND sync_id = $3',
      [partner, syncId],
    );
    if (!sync) return undefined;
    const rows = await tenantQuery<{
      event_id: string;
      type: 'Invoice' | 'Product';
      ok: boolean;
      data: Record<string, unknown> & { message: string };
      created_at: Date;
    }>(
      this.pool,
      companyId,
      `SELECT event_id, type, ok, data, created_at FROM rm_integration_sync_log
        WHERE company_id = $1 AND sync_id = $2 ORDER BY position LIMIT 2000`,
      [syncId],
    );
    return rows.map((row) => ({
      id: row.event_id,
      sync_id: syncId,
      createdAt: iso(row.created_at)!,
      type: row.type,
      success_log: row.ok ? { message: row.data.message } : null,
      error_log: row.ok ? null : { message: row.data.message },
      data: row.data,
    }));
  }

  /** A product's state in Clover, or undefined when the product does not exist. */
  async cloverProduct(companyId: string, id: string): Promise<CloverProductState | undefined> {
    const [row] = await tenantQuery<{
      product: string;
      ok: boolean | null;
      error: string | null;
      sync_id: string | null;
      updated_at: Date | null;
    }>(
      this.pool,
      companyId,
      `SELECT p.product, i.ok, i.error, i.sync_id, i.updated_at
         FROM rm_product p
         LEFT JOIN rm_integration_item i
           ON i.company_id = p.company_id AND i.partner = 'clover' AND i.kind = 'product' AND i.item_id = p.id
        WHERE p.company_id = $1 AND p.id = $2 AND p.deleted_at IS NULL`,
      [id],
    );
    if (!row) return undefined;
    const state = row.ok === null ? 'never' : row.ok ? 'synced' : 'failed';
    return {
      product_id: id,
      state,
      updatedAt: iso(row.updated_at),
      sync_id: row.sync_id,
      message: state === 'failed' ? cloverNotUpdated(row.product, row.error) : null,
    };
  }
}
