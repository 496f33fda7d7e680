import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type {
  StatementRunFailure,
  StatementRunMode,
  StatementRunResponse,
} from '#domain/contracts/statement.contract.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';

interface RunRow extends Record<string, unknown> {
  id: string;
  month: string;
  mode: StatementRunMode;
  status: StatementRunResponse['status'];
  total: number;
  done: number;
  quiet: number;
  requested: number;
  sent: number;
  skipped: number;
  failed: number;
  failures: StatementRunFailure[];
  file_key: string | null;
  started_at: Date;
  finished_at: Date | null;
}

/** A customer a run may send a statement to. */
export interface RunCustomer extends Record<string, unknown> {
  id: string;
  name: string;
  contact_email: string | null;
}

/** How far a run is: what changed since the last update. */
export interface RunProgress {
  total?: number;
  done: number;
  quiet: number;
  /** E-mail runs: statement e-mails requested. */
  requested: number;
  /** Download runs: statements in the zip. */
  sent: number;
  skipped: number;
  failed: number;
  failures: StatementRunFailure[];
}

/**
 * A running run writes its heartbeat every few seconds; one silent for this long stopped with the process that ran
 * it (a restart, a crash) and reads as failed, with what it did so far.
 */
export const RUN_SILENT_AFTER = '2 minutes';

/** The run as it stands: a running run whose heartbeat went silent reads as failed, ended at its last heartbeat. */
const RUN_COLUMNS = `id, month, mode, total, done, quiet, requested, sent, skipped, failed, failures, file_key, started_at,
       CASE WHEN status = 'running' AND heartbeat_at < now() - interval '${RUN_SILENT_AFTER}' THEN 'failed'
            ELSE status END AS status,
       CASE WHEN status = 'running' AND heartbeat_at < now() - interval '${RUN_SILENT_AFTER}' THEN heartbeat_at
            ELSE finished_at END AS finished_at`;

/** What became of an e-mail run's requested e-mails, as the e-mail log holds them. */
interface RunEmails {
  sent: number;
  queued: number;
  failures: StatementRunFailure[];
}

const NO_EMAILS: RunEmails = { sent: 0, queued: 0, failures: [] };

/**
 * The run as it stands. An e-mail run's sent, queued and failed come from the e-mail log (a deferred e-mail delivered
 * later counts as sent then), its failures after the statements that could not be written.
 */
const answer = (row: RunRow, emails: RunEmails = NO_EMAILS): StatementRunResponse => ({
  id: row.id,
  month: row.month,
  mode: row.mode,
  status: row.status,
  total: row.total,
  done: row.done,
  quiet: row.quiet,
  requested: row.requested,
  sent: row.mode === 'email' ? emails.sent : row.sent,
  queued: row.mode === 'email' ? emails.queued : 0,
  skipped: row.skipped,
  failed: row.failed + (row.mode === 'email' ? emails.failures.length : 0),
  failures: row.mode === 'email' ? [...row.failures, ...emails.failures] : row.failures,
  file_url: row.file_key && row.status === 'done' ? `/statements/runs/${row.id}/file` : null,
  started_at: row.started_at.toISOString(),
  finished_at: row.finished_at?.toISOString() ?? null,
});

/** The statement runs' rows (`statement_run`) and the customers a run lists. */
@Injectable()
export class StatementRunReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async create(
    companyId: string,
    run: { id: string; month: string; mode: StatementRunMode; userId: string | null; now: string },
  ): Promise<StatementRunResponse> {
    const { rows } = await this.pool.query<RunRow>(
      `INSERT INTO statement_run (company_id, id, month, mode, status, started_by, started_at, heartbeat_at)
       VALUES ($1, $2, $3, $4, 'running', $5, $6, now()) RETURNING ${RUN_COLUMNS}`,
      [companyId, run.id, run.month, run.mode, run.userId, run.now],
    );
    const [row] = rows;
    return answer(row!);
  }

  async read(companyId: string, id: string): Promise<StatementRunResponse | null> {
    const [row] = await tenantQuery<RunRow>(
      this.pool,
      companyId,
      `SELECT ${RUN_COLUMNS} FROM statement_run WHERE company_id = $1 AND id = $2`,
      [id],
    );
    if (!row) return null;
    return answer(row, row.mode === 'email' ? await this.emails(companyId, id) : NO_EMAILS);
  }

  /** The run's e-mails in the e-mail log (at most one per customer listed): sent, queued, and each failure. */
  private async emails(companyId: string, runId: string): Promise<RunEmails> {
    const [counts] = await tenantQuery<{ sent: number; queued: number; failures: StatementRunFailure[] }>(
      this.pool,
      companyId,
      `SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent,
              count(*) FILTER (WHERE status = 'queued')::int AS queued,
              COALESCE(jsonb_agg(jsonb_build_object('customer_id', customer_id, 'customer', customer_name,
                                                    'message', left(COALESCE(error, ''), 300))
                                 ORDER BY customer_name, customer_id) FILTER (WHERE status = 'failed'), '[]')
                AS failures
         FROM rm_invoice_email WHERE company_id = $1 AND run_id = $2`,
      [runId],
    );
    return counts ?? NO_EMAILS;
  }

  /** The file of a finished download run of the company, or null. */
  async fileKey(companyId: string, id: string): Promise<{ key: string; month: string } | null> {
    const [row] = await tenantQuery<{ file_key: string | null; month: string }>(
      this.pool,
      companyId,
      `SELECT file_key, month FROM statement_run WHERE company_id = $1 AND id = $2 AND status = 'done'`,
      [id],
    );
    return row?.file_key ? { key: row.file_key, month: row.month } : null;
  }

  async progress(companyId: string, id: string, progress: RunProgress): Promise<void> {
    await tenantQuery(
      this.pool,
      companyId,
      `UPDATE statement_run SET total = COALESCE($3, total), done = $4, quiet = $5, sent = $6, skipped = $7,
              failed = $8, failures = $9::jsonb, requested = $10, heartbeat_at = now()
        WHERE company_id = $1 AND id = $2`,
      [
        id,
        progress.total ?? null,
        progress.done,
        progress.quiet,
        progress.sent,
        progress.skipped,
        progress.failed,
        JSON.stringify(progress.failures),
        progress.requested,
      ],
    );
  }

  /** The running run is alive (see RUN_SILENT_AFTER). */
  async heartbeat(companyId: string, id: string): Promise<void> {
    await tenantQuery(
      this.pool,
      companyId,
      `UPDATE statement_run SET heartbeat_at = now() WHERE company_id = $1 AND id = $2 AND status = 'running'`,
      [id],
    );
  }

  async finish(
    companyId: string,
    id: string,
    end: { status: 'done' | 'failed'; fileKey: string | null; now: string },
  ): Promise<void> {
    await tenantQuery(
      this.pool,
      companyId,
      `UPDATE statement_run SET status = $3, file_key = $4, finished_at = $5 WHERE company_id = $1 AND id = $2`,
      [id, end.status, end.fileKey, end.now],
    );
  }

  /**
   * The customers that may have a statement for a month ending `to`: current customers with an issued invoice or a
   * credit memo dated on or before it (a payment is kept on its invoice), by name. Whether the month shows activity
   * or a balance is the statement's to say.
   */
  customers(companyId: string, to: string): Promise<RunCustomer[]> {
    return tenantQuery<RunCustomer>(
      this.pool,
      companyId,
      `SELECT c.id, c.name, NULLIF(btrim(c.contact_email), '') AS contact_email
         FROM rm_customer c
        WHERE c.company_id = $1 AND c.removed_at IS NULL
          AND (EXISTS (SELECT 1 FROM rm_invoice i
                        WHERE i.company_id = $1 AND i.customer_id = c.id AND i.deleted_at IS NULL
                          AND i.status <> 'draft' AND i.invoiced_on <= $2::date)
               OR EXISTS (SELECT 1 FROM rm_credit_memo m
                           WHERE m.company_id = $1 AND m.customer_id = c.id AND m.status = 'issued'
                             AND m.issued_on <= $2::date))
        ORDER BY c.name, c.id`,
      [to],
    );
  }
}
