import { randomUUID } from 'node:crypto';
import { BadRequestException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { ZipFile } from 'yazl';
import type {
  StatementRunBody,
  StatementRunFailure,
  StatementRunResponse,
} from '#domain/contracts/statement.contract.js';
import { isReportMonth, monthOf } from '#domain/reports/alcohol-sales-report.js';
import { businessDate } from '#domain/shared/business-date.js';
import { monthPeriod } from '#domain/statements/statement-period.js';
import type { CommandMetadata } from '#domain/shared/decider.js';
import { FILE_STORAGE, type FileStorage } from '../../infra/files/file-storage.port.js';
import { idempotentId } from '../../infra/http/idempotent-id.js';
import { CompanyTimeZones } from '../../infra/company-time.js';
import { StatementDocuments } from '../statement-documents.service.js';
import { StatementRunReader, type RunCustomer, type RunProgress } from './statement-run.reader.js';

export const STATEMENT_RUN_MESSAGES = {
  month: 'month must be a month (YYYY-MM).',
  monthInFuture: 'month cannot be after the current month.',
  mode: 'mode must be email or download.',
  notFound: 'Statement run not found.',
} as const;

/** Progress is written every this many customers (and at the end). */
const PROGRESS_EVERY = 10;

/** How often a running run writes its heartbeat (well inside RUN_SILENT_AFTER). */
const HEARTBEAT_MS = 15_000;

/** Statements an e-mail run sends at once. */
const EMAILS_AT_ONCE = 4;

const badRequest = (field: string, message: string) =>
  new BadRequestException({ statusCode: 400, message, details: [{ field, message }] });

/** A file name inside the zip: the customer's name made safe, and the start of its id (two customers may share a name). */
const zipEntryName = (customer: RunCustomer, month: string) =>
  `statement_${customer.name.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '') || 'customer'}_${customer.id.slice(0, 8)}_${month}.pdf`;

/**
 * The monthly statement run: for a month, the statement of every customer with a balance at its end or activity in
 * it, e-mailed to each customer with an address, or put in one zip to download. It runs in the background of the
 * process that started it, customer after customer (an e-mail run four at a time; a statement is read, written and
 * sent, then dropped, so memory stays flat), and writes its progress to `statement_run` every few customers, where
 * any process answers it, with a heartbeat: a run whose process died reads as failed.
 *
 * An e-mail run requests one statement e-mail per customer through the e-mail machinery every document uses (the
 * statement e-mail: PDF and public link), each recorded in the e-mail log with the run, so a deferred one is retried
 * in the background as any e-mail is; the run counts what it requested, and what was sent or failed is read from the
 * log (StatementRunReader). Each e-mail's id comes from the run and the customer: one run never e-mails a customer
 * twice. A statement that cannot be written is counted as failed with the reason; the run goes on.
 */
@Injectable()
export class StatementRuns {
  private readonly logger = new Logger('StatementRun');

  constructor(
    @Inject(StatementRunReader) private readonly runs: StatementRunReader,
    @Inject(StatementDocuments) private readonly statements: StatementDocuments,
    @Inject(CompanyTimeZones) private readonly zones: CompanyTimeZones,
    @Inject(FILE_STORAGE) private readonly files: FileStorage,
  ) {}

  /** Checks the month and mode (400), records the run and starts it; answers the run as recorded. */
  async start(
    companyId: string,
    userId: string | null,
    body: Partial<StatementRunBody>,
    now: Date,
  ): Promise<StatementRunResponse> {
    const month = body.month;
    if (!isReportMonth(month)) throw badRequest('month', STATEMENT_RUN_MESSAGES.month);
    const timeZone = await this.zones.of(companyId);
    if (month > monthOf(businessDate(now.toISOString(), timeZone)))
      throw badRequest('month', STATEMENT_RUN_MESSAGES.monthInFuture);
    if (body.mode !== 'email' && body.mode !== 'download')
      throw badRequest('mode', STATEMENT_RUN_MESSAGES.mode);
    const run = await this.runs.create(companyId, {
      id: randomUUID(),
      month,
      mode: body.mode,
      userId,
      now: now.toISOString(),
    });
    void this.execute({ companyId, userId, now: now.toISOString() }, run);
    return run;
  }

  async read(companyId: string, id: string): Promise<StatementRunResponse> {
    const run = /^[0-9a-f-]{36}$/i.test(id) ? await this.runs.read(companyId, id.toLowerCase()) : null;
    if (!run) throw new NotFoundException({ statusCode: 404, message: STATEMENT_RUN_MESSAGES.notFound });
    return run;
  }

  /** The zip of a finished download run, as a stream (404 otherwise). */
  async file(companyId: string, id: string): Promise<{ zip: NodeJS.ReadableStream; filename: string }> {
    const found = /^[0-9a-f-]{36}$/i.test(id) ? await this.runs.fileKey(companyId, id.toLowerCase()) : null;
    const zip = found ? await this.files.getStream(found.key) : null;
    if (!found || !zip)
      throw new NotFoundException({ statusCode: 404, message: STATEMENT_RUN_MESSAGES.notFound });
    return { zip, filename: `statements_${found.month}.zip` };
  }

  /**
   * The run itself, as the user who started it (`actor`, at the instant they did): every listed customer once,
   * progress every few; a download run's zip is written to storage as its statements are added (never held whole)
   * and shows there once complete.
   */
  async execute(actor: CommandMetadata, run: StatementRunResponse): Promise<void> {
    const { companyId, now } = actor;
    const period = monthPeriod(`${run.month}-01`);
    const progress = noProgress();
    const zip =
      run.mode === 'download' ? storedZip(this.files, `statement-runs/${companyId}/${run.id}.zip`) : null;
    const heartbeat = setInterval(
      () => void this.runs.heartbeat(companyId, run.id).catch(() => undefined),
      HEARTBEAT_MS,
    );
    heartbeat.unref();
    try {
      const customers = await this.runs.customers(companyId, period.to);
      await this.runs.progress(companyId, run.id, { ...progress, total: customers.length });
      await this.everyCustomer(companyId, run, customers, progress, (customer) =>
        this.one(actor, run, customer, period, progress, zip?.file ?? null),
      );
      const fileKey = zip ? await zip.complete() : null;
      await this.runs.finish(companyId, run.id, { status: 'done', fileKey, now });
    } catch (error) {
      await zip?.discard();
      this.logger.error(`Statement run ${run.id} stopped: ${String(error)}`);
      await this.runs
        .finish(companyId, run.id, { status: 'failed', fileKey: null, now })
        .catch(() => undefined);
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * Every customer once, a failed one counted with its reason; progress is written every PROGRESS_EVERY customers and
   * at the end, in order (a copy as it stood), one write after the other.
   */
  private async everyCustomer(
    companyId: string,
    run: StatementRunResponse,
    customers: RunCustomer[],
    progress: RunProgress,
    one: (customer: RunCustomer) => Promise<void>,
  ): Promise<void> {
    let saving = Promise.resolve();
    const save = () => {
      const snapshot = { ...progress, failures: [...progress.failures] };
      saving = saving.then(() => this.runs.progress(companyId, run.id, snapshot));
    };
    let next = 0;
    const worker = async () => {
      while (next < customers.length) {
        const customer = customers[next++]!;
        await one(customer).catch((error: unknown) => {
          progress.failed++;
          progress.failures.push(failureOf(customer, error));
        });
        progress.done++;
        if (progress.done % PROGRESS_EVERY === 0) save();
      }
    };
    // E-mails wait on the mail server, so a few go at once; a zip takes its statements in the list's order.
    await Promise.all(Array.from({ length: run.mode === 'email' ? EMAILS_AT_ONCE : 1 }, worker));
    save();
    await saving;
  }

  /**
   * One customer: its statement, passed over when quiet, else zipped, skipped without an address, or its e-mail
   * requested (the mail server's answer is the e-mail log's to record).
   */
  private async one(
    actor: CommandMetadata,
    run: StatementRunResponse,
    customer: RunCustomer,
    period: { from: string; to: string },
    progress: RunProgress,
    zip: ZipFile | null,
  ): Promise<void> {
    const { companyId } = actor;
    const now = new Date(actor.now);
    const statement = await this.statements.statement(companyId, customer.id, period, now);
    if (statement.rows.length === 0 && statement.closing_balance === 0) {
      progress.quiet++;
      return;
    }
    if (zip) {
      const { pdf } = await this.statements.render(companyId, statement, now);
      zip.addBuffer(pdf, zipEntryName(customer, run.month));
      progress.sent++;
      return;
    }
    if (!customer.contact_email) {
      progress.skipped++;
      return;
    }
    const emailId = idempotentId(companyId, null, `statement-run:${run.id}:${customer.id}`);
    await this.statements.request(actor, statement, customer.contact_email, { emailId, runId: run.id });
    progress.requested++;
  }
}

const noProgress = (): RunProgress => ({
  done: 0,
  quiet: 0,
  requested: 0,
  sent: 0,
  skipped: 0,
  failed: 0,
  failures: [],
});

function failureOf(customer: RunCustomer, error: unknown): StatementRunFailure {
  const answer = (error as { getResponse?: () => unknown }).getResponse?.() as
    { message?: string; details?: { message?: string }[] } | undefined;
  const message = answer?.details?.[0]?.message ?? answer?.message ?? String(error);
  return { customer_id: customer.id, customer: customer.name, message: String(message).slice(0, 300) };
}

/**
 * A zip written to storage as entries are added (never held whole): `complete` ends it and answers its key once
 * stored; `discard` ends it and removes what was written.
 */
function storedZip(files: FileStorage, key: string) {
  const file = new ZipFile();
  const stored = files.putStream(key, file.outputStream);
  stored.catch(() => undefined); // seen by complete or discard
  return {
    file,
    async complete(): Promise<string> {
      file.end();
      await stored;
      return key;
    },
    async discard(): Promise<void> {
      file.end(); // a second end is ignored
      await stored.catch(() => undefined);
      await files.delete(key).catch(() => undefined);
    },
  };
}
