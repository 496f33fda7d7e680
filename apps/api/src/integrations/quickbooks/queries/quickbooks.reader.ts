import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type {
  QuickBooksInvoiceState,
  QuickBooksLogRow,
  QuickBooksOverview,
  QuickBooksRun,
} from '#domain/contracts/quickbooks.contract.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

type RunRow = {
  run_id: string;
  trigger: QuickBooksRun['trigger'];
  status: QuickBooksRun['status'];
  error: string | null;
  total: number;
  done: number;
  created: number;
  updated: number;
  failed: number;
  started_at: Date;
  finished_at: Date | null;
};

const runOf = (row: RunRow): QuickBooksRun => ({
  runId: row.run_id,
  trigger: row.trigger,
  status: row.status,
  error: row.error,
  total: row.total,
  done: row.done,
  created: row.created,
  updated: row.updated,
  failed: row.failed,
  startedAt: iso(row.started_at)!,
  finishedAt: iso(row.finished_at),
});

/** The QuickBooks page's reads: the connection, settings and runs; a run's log; an invoice's state. */
@Injectable()
export class QuickBooksReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async overview(companyId: string, local: boolean): Promise<QuickBooksOverview> {
    const [company] = await tenantQuery<{
      realm_id: string | null;
      connected_at: Date | null;
      invoices: QuickBooksOverview['settings']['invoices'];
      payments: boolean;
      credit_memos: boolean;
      sync_from: string;
      schedule: QuickBooksOverview['settings']['schedule'];
      next_run_at: Date | null;
    }>(
      this.pool,
      companyId,
      `SELECT realm_id, connected_at, invoices, payments, credit_memos, sync_from::text AS sync_from, schedule,
              next_run_at
         FROM qbo_company WHERE company_id = $1`,
    );
    const runs = await tenantQuery<RunRow>(
      this.pool,
      companyId,
      `SELECT run_id, trigger, status, error, total, done, created, updated, failed, started_at, finished_at
         FROM qbo_run WHERE company_id = $1 ORDER BY started_at DESC LIMIT 20`,
    );
    return {
      connected: Boolean(company?.realm_id),
      realmId: company?.realm_id ?? null,
      connectedAt: iso(company?.connected_at ?? null),
      local,
      settings: {
        invoices: company?.invoices ?? 'all',
        payments: company?.payments ?? true,
        creditMemos: company?.credit_memos ?? true,
        syncFrom: company?.sync_from ?? '',
        schedule: company?.schedule ?? 'off',
      },
      nextRunAt: company?.schedule && company.schedule !== 'off' ? iso(company.next_run_at) : null,
      lastRun: runs[0] ? runOf(runs[0]) : null,
      runs: runs.map(runOf),
    };
  }

  /** A run's log, or undefined when the company has no such run. */
  async log(companyId: string, runId: string): Promise<QuickBooksLogRow[] | undefined> {
    const [run] = await tenantQuery(
      this.pool,
      companyId,
      'SELECT 1 FROM qbo_run WHERE company_id = $1 AND run_id = $2',
      [runId],
    );
    if (!run) return undefined;
    const rows = await tenantQuery<{
      id: string;
      kind: QuickBooksLogRow['kind'];
      our_id: string;
      label: string;
      ok: boolean;
      action: QuickBooksLogRow['action'];
      qbo_id: string | null;
      message: string;
      at: Date;
    }>(
      this.pool,
      companyId,
      `SELECT id, kind, our_id, label, ok, action, qbo_id, message, at FROM qbo_run_log
        WHERE company_id = $1 AND run_id = $2 ORDER BY id LIMIT 5000`,
      [runId],
    );
    return rows.map((row) => ({
      id: String(row.id),
      kind: row.kind,
      ourId: row.our_id,
      label: row.label,
      ok: row.ok,
      action: row.action,
      qboId: row.qbo_id,
      message: row.message,
      at: iso(row.at)!,
    }));
  }

  /** An invoice's state in QuickBooks, or undefined when the company has no such invoice. */
  async invoice(companyId: string, invoiceId: string): Promise<QuickBooksInvoiceState | undefined> {
    const [row] = await tenantQuery<{
      ok: boolean | null;
      qbo_id: string | null;
      error: string | null;
      updated_at: Date | null;
    }>(
      this.pool,
      companyId,
      `SELECT m.ok, m.qbo_id, m.error, m.updated_at
         FROM rm_invoice i
         LEFT JOIN qbo_object m ON m.company_id = i.company_id AND m.kind = 'invoice' AND m.our_id = i.id
        WHERE i.company_id = $1 AND i.id = $2 AND i.deleted_at IS NULL`,
      [invoiceId],
    );
    if (!row) return undefined;
    return {
      invoiceId,
      state: row.ok === null ? 'not_synced' : row.ok ? 'synced' : 'failed',
      qboId: row.qbo_id,
      message: row.ok === false ? row.error : null,
      updatedAt: iso(row.updated_at),
    };
  }
}
