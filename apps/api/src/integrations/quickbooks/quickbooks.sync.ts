import { ConflictException, Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { QuickBooksObjectKind, QuickBooksSyncStarted } from '#domain/contracts/quickbooks.contract.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { isFeatureActive } from '../../features/feature-flags.js';
import { PartnerRefused, PartnerUnavailable } from '../partner.port.js';
import { QuickBooksConnections } from './quickbooks.connections.js';
import {
  creditMemoBody,
  customerBody,
  invoiceBody,
  itemBody,
  paymentBody,
  qboName,
  requestIdOf,
  versionOf,
  type QboCustomerSource,
  type QboItemSource,
} from './quickbooks.mapping.js';
import { QBO_DUPLICATE_NAME, QBO_STALE_OBJECT, type QboRef, type QuickBooksPort } from './quickbooks.port.js';
import { pendingCreditMemos, pendingInvoices, pendingPayments } from './quickbooks.sources.js';

/**
 * A running sync whose heartbeat is older than this no longer blocks a new one: its process died (a live run beats
 * after every document).
 */
const STALE_RUN_MINUTES = 5;
/** How often the schedule is looked at (in API processes). */
const SCHEDULE_TICK_MS = 60_000;

interface Run {
  runId: string;
  companyId: string;
  realmId: string;
  port: QuickBooksPort;
  /** Known within this run: our customer / product id → QuickBooks Id. */
  refs: Map<string, string>;
  incomeAccount?: string;
}

/** One object could not go: the document fails with this message, the run goes on. */
class ObjectFailed extends Error {}

/**
 * QuickBooks syncs: one run at a time per company (a unique index on the running row), in the background, started
 * from the sync page or by the schedule. A run sends the chosen documents that QuickBooks does not have at their
 * current revision — invoices, then credit memos, then payments (a payment needs its invoice there) — each with the
 * customer and items it names, creating what is new and updating what changed (its Id and SyncToken kept in
 * qbo_object), every write with a requestid from our id and content version so a retried write is answered once.
 * A refused object fails alone; QuickBooks down, slow, failing or refusing the connection stops the run, and the
 * next run sends what is left.
 */
@Injectable()
export class QuickBooksSync implements OnModuleDestroy {
  private readonly logger = new Logger('QuickBooks');
  private readonly running = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private stopping = false;

  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(QuickBooksConnections) private readonly connections: QuickBooksConnections,
  ) {}

  /** Starts a run, or answers the company's running one. */
  async start(
    companyId: string,
    trigger: 'manual' | 'schedule',
    startedBy: string | null,
  ): Promise<QuickBooksSyncStarted> {
    const [company] = await tenantQuery<{ realm_id: string | null }>(
      this.pool,
      companyId,
      'SELECT realm_id FROM qbo_company WHERE company_id = $1',
    );
    if (!company?.realm_id)
      throw new ConflictException({ statusCode: 409, message: 'Connect QuickBooks before syncing.' });
    await tenantQuery(
      this.pool,
      companyId,
      `UPDATE qbo_run SET status = 'failed', error = 'The sync was interrupted.', finished_at = now()
        WHERE company_id = $1 AND status = 'running'
          AND heartbeat_at < now() - interval '${STALE_RUN_MINUTES} minutes'`,
    );
    const runId = randomUUID();
    // an insert names its company itself (no row to filter yet)
    const { rows: inserted } = await this.pool.query<{ run_id: string }>(
      `INSERT INTO qbo_run (run_id, company_id, trigger, started_by, status, started_at, heartbeat_at)
       VALUES ($2::uuid, $1, $3, $4, 'running', now(), now())
       ON CONFLICT (company_id) WHERE status = 'running' DO NOTHING RETURNING run_id`,
      [companyId, runId, trigger, startedBy],
    );
    if (inserted.length === 0) {
      const [current] = await tenantQuery<{ run_id: string }>(
        this.pool,
        companyId,
        "SELECT run_id FROM qbo_run WHERE company_id = $1 AND status = 'running'",
      );
      return { runId: current?.run_id ?? runId, status: 'running' };
    }
    const run = this.run(companyId, runId).finally(() => this.running.delete(runId));
    this.running.set(runId, run);
    return { runId, status: 'started' };
  }

  /** Resolves once every run of this process has ended (tests). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()]);
  }

  /** The schedule: every minute, the companies whose scheduled sync is due start one (API processes only). */
  startSchedule(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick().catch(() => {}), SCHEDULE_TICK_MS);
    this.timer.unref();
  }

  /**
   * Claims the companies whose next scheduled sync is due (moving their next one on by the schedule, so two
   * processes never start the same one) and starts their runs; answers the run ids started.
   */
  async tick(): Promise<string[]> {
    const { rows } = await this.pool.query<{ company_id: string }>(
      `UPDATE qbo_company q
          SET next_run_at = now() + CASE q.schedule WHEN 'hourly' THEN interval '1 hour' ELSE interval '1 day' END
        WHERE q.company_id IN (
          SELECT company_id FROM qbo_company
           WHERE schedule <> 'off' AND realm_id IS NOT NULL AND next_run_at <= now()
           ORDER BY next_run_at LIMIT 20 FOR UPDATE SKIP LOCKED)
        RETURNING q.company_id`,
    );
    const started: string[] = [];
    for (const { company_id: companyId } of rows) {
      if (!(await isFeatureActive(this.pool, companyId, 'quickbooks'))) continue;
      try {
        const answer = await this.start(companyId, 'schedule', null);
        if (answer.status === 'started') started.push(answer.runId);
      } catch (caught) {
        this.logger.warn(
          `The scheduled QuickBooks sync of ${companyId} did not start: ${(caught as Error).name}`,
        );
      }
    }
    return started;
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled([...this.running.values()]);
  }

  private async run(companyId: string, runId: string): Promise<void> {
    let error: string | null = null;
    try {
      const session = await this.connections.session(companyId);
      await this.send({ runId, companyId, ...session, refs: new Map() });
    } catch (caught) {
      error =
        caught instanceof PartnerUnavailable
          ? caught.message
          : 'The QuickBooks sync stopped on an unexpected error.';
      this.logger.warn(
        `QuickBooks sync ${runId} of company ${companyId} failed: ${error}` +
          (caught instanceof PartnerUnavailable ? '' : ` (${(caught as Error)?.name ?? 'Error'})`),
      );
    }
    await tenantQuery(
      this.pool,
      companyId,
      `UPDATE qbo_run SET status = $3, error = $4, finished_at = now(), heartbeat_at = now()
        WHERE company_id = $1 AND run_id = $2`,
      [runId, error === null ? 'success' : 'failed', error],
    ).catch((caught: unknown) =>
      this.logger.error(`QuickBooks sync ${runId} not closed: ${(caught as Error).name}`),
    );
  }

  private async send(run: Run): Promise<void> {
    const [settings] = await tenantQuery<{
      invoices: 'all' | 'delivered' | 'none';
      payments: boolean;
      credit_memos: boolean;
      sync_from: string;
    }>(
      this.pool,
      run.companyId,
      'SELECT invoices, payments, credit_memos, sync_from::text AS sync_from FROM qbo_company WHERE company_id = $1',
    );
    if (!settings) return;
    const invoices = await pendingInvoices(this.pool, run.companyId, settings.sync_from, settings.invoices);
    const memos = settings.credit_memos
      ? await pendingCreditMemos(this.pool, run.companyId, settings.sync_from)
      : [];
    // payments are read after the invoices went: a payment goes once its invoice is in QuickBooks
    let total = invoices.length + memos.length;
    await this.progress(run, { total });
    let done = 0;
    for (const invoice of invoices) {
      await this.document(
        run,
        'invoice',
        invoice.source.id,
        `Invoice ${invoice.source.number}`,
        invoice,
        async () =>
          invoiceBody(
            invoice.source,
            await this.customer(run, invoice.source.customer),
            await this.items(run, invoice.source.lines),
          ),
      );
      await this.progress(run, { done: ++done });
    }
    for (const memo of memos) {
      await this.document(
        run,
        'credit_memo',
        memo.source.id,
        `Credit memo ${memo.source.number}`,
        memo,
        async () =>
          creditMemoBody(
            memo.source,
            await this.customer(run, memo.source.customer),
            await this.items(run, memo.source.lines),
          ),
      );
      await this.progress(run, { done: ++done });
    }
    if (!settings.payments) return;
    const payments = await pendingPayments(this.pool, run.companyId, settings.sync_from);
    total += payments.length;
    await this.progress(run, { total });
    for (const payment of payments) {
      const label = `Payment on invoice ${payment.source.invoiceNumber}`;
      await this.document(run, 'payment', payment.source.id, label, payment, async () =>
        paymentBody(payment.source, await this.customer(run, payment.source.customer), payment.invoiceQboId),
      );
      await this.progress(run, { done: ++done });
    }
  }

  private async progress(run: Run, change: { total?: number; done?: number }): Promise<void> {
    if (this.stopping) throw new PartnerUnavailable('The server stopped during the sync; sync again.');
    await tenantQuery(
      this.pool,
      run.companyId,
      `UPDATE qbo_run SET total = COALESCE($3, total), done = COALESCE($4, done), heartbeat_at = now()
        WHERE company_id = $1 AND run_id = $2`,
      [run.runId, change.total ?? null, change.done ?? null],
    );
  }

  /**
   * One document: created when QuickBooks has none of it, else updated with its SyncToken (read again once when
   * QuickBooks answers that it changed there). Its outcome goes to the mapping and the run's log.
   */
  private async document(
    run: Run,
    kind: QuickBooksObjectKind,
    ourId: string,
    label: string,
    pending: { version: string; qboId: string | null; syncToken: string | null },
    body: () => Promise<Record<string, unknown>>,
  ): Promise<void> {
    try {
      const content = await body();
      const ref = await this.write(run, kind, ourId, pending.version, content, pending);
      await this.record(run, kind, ourId, label, pending.version, ref, pending.qboId ? 'updated' : 'created');
    } catch (caught) {
      if (!(caught instanceof PartnerRefused || caught instanceof ObjectFailed)) throw caught;
      await this.failed(run, kind, ourId, label, caught.message);
    }
  }

  private async write(
    run: Run,
    kind: QuickBooksObjectKind,
    ourId: string,
    version: string,
    body: Record<string, unknown>,
    known: { qboId: string | null; syncToken: string | null },
  ): Promise<QboRef> {
    if (!known.qboId) return run.port.create(kind, body, requestIdOf(kind, ourId, version, 'create'));
    const update = (ref: QboRef) =>
      run.port.update(kind, ref, body, requestIdOf(kind, ourId, `${version}:${ref.syncToken}`, 'update'));
    try {
      return await update({ id: known.qboId, syncToken: known.syncToken ?? '0' });
    } catch (caught) {
      if (!(caught instanceof PartnerRefused && caught.code === QBO_STALE_OBJECT)) throw caught;
      return update(await run.port.read(kind, known.qboId)); // changed in QuickBooks meanwhile: ours wins
    }
  }

  /** The QuickBooks Id of a customer: mapped before, else created (or found by its DisplayName, unique there). */
  private async customer(run: Run, customer: QboCustomerSource): Promise<string> {
    const body = customerBody(customer);
    return this.named(
      run,
      'customer',
      customer.id,
      `Customer ${customer.name}`,
      body,
      String(body.DisplayName),
    );
  }

  /** The QuickBooks Ids of the lines' products (items), by product id. */
  private async items(run: Run, lines: QboItemSource[]): Promise<Map<string, string>> {
    const ids = new Map<string, string>();
    for (const line of lines) {
      if (ids.has(line.productId)) continue;
      const mapped = await this.mapped(run, 'item', line.productId);
      if (mapped) {
        ids.set(line.productId, mapped);
        continue;
      }
      run.incomeAccount ??= await run.port.incomeAccount();
      const body = itemBody(line, run.incomeAccount);
      ids.set(
        line.productId,
        await this.named(
          run,
          'item',
          line.productId,
          `Item ${line.name} ${line.size}`,
          body,
          String(body.Name),
        ),
      );
    }
    return ids;
  }

  private async mapped(run: Run, kind: 'customer' | 'item', ourId: string): Promise<string | undefined> {
    const known = run.refs.get(`${kind}:${ourId}`);
    if (known) return known;
    const [row] = await tenantQuery<{ qbo_id: string }>(
      this.pool,
      run.companyId,
      `SELECT qbo_id FROM qbo_object WHERE company_id = $1 AND kind = $2 AND our_id = $3 AND realm_id = $4
          AND qbo_id IS NOT NULL`,
      [kind, ourId, run.realmId],
    );
    if (row) run.refs.set(`${kind}:${ourId}`, row.qbo_id);
    return row?.qbo_id;
  }

  /**
   * A customer or item: created once (names are unique in QuickBooks: one made there by hand under the same name is
   * taken as ours) and kept in the mapping; it is not updated afterwards.
   */
  private async named(
    run: Run,
    kind: 'customer' | 'item',
    ourId: string,
    label: string,
    body: Record<string, unknown>,
    name: string,
  ): Promise<string> {
    const mapped = await this.mapped(run, kind, ourId);
    if (mapped) return mapped;
    const version = versionOf(body);
    let ref: QboRef | null;
    try {
      ref = await run.port.create(kind, body, requestIdOf(kind, ourId, version, 'create'));
    } catch (caught) {
      if (!(caught instanceof PartnerRefused)) throw caught;
      ref = caught.code === QBO_DUPLICATE_NAME ? await run.port.findByName(kind, qboName(name)) : null;
      if (!ref) {
        await this.failed(run, kind, ourId, label, caught.message);
        throw new ObjectFailed(`${label} could not be sent: ${caught.message}`);
      }
    }
    await this.record(run, kind, ourId, label, version, ref, 'created');
    run.refs.set(`${kind}:${ourId}`, ref.id);
    return ref.id;
  }

  private async record(
    run: Run,
    kind: QuickBooksObjectKind,
    ourId: string,
    label: string,
    version: string,
    ref: QboRef,
    action: 'created' | 'updated',
  ): Promise<void> {
    await this.pool.query(
      `INSERT INTO qbo_object (company_id, kind, our_id, realm_id, label, qbo_id, sync_token, version, ok, error,
                               run_id, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, true, NULL, $9, now())
       ON CONFLICT (company_id, kind, our_id) DO UPDATE SET realm_id = EXCLUDED.realm_id, label = EXCLUDED.label,
         qbo_id = EXCLUDED.qbo_id, sync_token = EXCLUDED.sync_token, version = EXCLUDED.version, ok = true,
         error = NULL, run_id = EXCLUDED.run_id, updated_at = now()`,
      [run.companyId, kind, ourId, run.realmId, label, ref.id, ref.syncToken, version, run.runId],
    );
    await this.log(
      run,
      kind,
      ourId,
      label,
      true,
      action,
      ref.id,
      `${label} ${action} in QuickBooks (Id ${ref.id}).`,
    );
  }

  private async failed(run: Run, kind: QuickBooksObjectKind, ourId: string, label: string, message: string) {
    await this.pool.query(
      `INSERT INTO qbo_object (company_id, kind, our_id, realm_id, label, ok, error, run_id, updated_at)
       VALUES ($1, $2, $3, $4, $5, false, $6, $7, now())
       ON CONFLICT (company_id, kind, our_id) DO UPDATE SET label = EXCLUDED.label, ok = false,
         error = EXCLUDED.error, run_id = EXCLUDED.run_id, updated_at = now()`,
      [run.companyId, kind, ourId, run.realmId, label, message, run.runId],
    );
    await this.log(run, kind, ourId, label, false, 'failed', null, `${label} failed: ${message}`);
  }

  private async log(
    run: Run,
    kind: QuickBooksObjectKind,
    ourId: string,
    label: string,
    ok: boolean,
    action: 'created' | 'updated' | 'failed',
    qboId: string | null,
    message: string,
  ): Promise<void> {
    await tenantQuery(
      this.pool,
      run.companyId,
      `WITH logged AS (
         INSERT INTO qbo_run_log (run_id, company_id, kind, our_id, label, ok, action, qbo_id, message, at)
         VALUES ($2, $1, $3, $4, $5, $6, $7, $8, $9, now()) RETURNING 1)
       UPDATE qbo_run SET ${action} = ${action} + 1 WHERE company_id = $1 AND run_id = $2`,
      [run.runId, kind, ourId, label, ok, action, qboId, message],
    );
  }
}
