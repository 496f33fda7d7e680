import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type pg from 'pg';
import {
  documentEmailDecider,
  emailOutcome,
  emailRefOf,
  type EmailDelivery,
  type EmailRef,
} from '#domain/email/document-email.decide.js';
import {
  documentEmailStream,
  type DocumentEmailKind,
  type EmailedDocument,
} from '#domain/email/document-email.events.js';
import type { EmailStatus } from '#domain/invoices/invoice-delivery.events.js';
import { invoiceStream } from '#domain/invoices/invoice.events.js';
import type { CommandMetadata } from '#domain/shared/decider.js';
import { EVENT_STORE, EventAppender, type Actor, type EventStore } from '#engine';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { Clock } from '../infra/clock.js';
import { APP_CONFIG, type AppConfig } from '../infra/config/config.js';
import { MAIL_PORT, type MailMessage, type MailPort } from '../infra/mail/mail.port.js';
import { WAITS_FOR } from '../read-your-writes.js';

export const EMAIL_SENT = 'Your email has been sent';
export const EMAIL_QUEUED =
  'The mail server is busy, so your email will be sent again shortly. See the Email log for its delivery.';

/** What the mail server made of one attempt. */
export type Outcome =
  | { status: 'sent' }
  | { status: 'failed'; error: string }
  /** Deferred (4xx), unreachable, or no answer in time; `pending` is the send still under way after a timeout. */
  | { status: 'queued'; error: string; pending?: Promise<Outcome> };

/** A queued e-mail waiting for its next attempt. */
export interface RetryJob {
  companyId: string;
  ref: EmailRef;
  /** Absent for a message resumed after a restart: it is put together again before its next attempt. */
  message?: MailMessage;
  /** Attempts begun so far (1: the first send). */
  attempts: number;
}

/**
 * How a kind's e-mail is put together again for an attempt after a restart (the attachment and the public link are
 * never stored): the document as it is then, with a new link where it carries one.
 */
export interface EmailComposer {
  rebuild(companyId: string, ref: EmailRef, email: EmailDelivery, now: string): Promise<MailMessage>;
}

/** A credit memo's or a statement's e-mail to one recipient, and what the mail server made of it. */
export interface DocumentEmailRequest {
  emailId: string;
  document: EmailedDocument;
  to: string;
  notes: string;
  /** The monthly statement run that asks for it. */
  runId: string | null;
  message: Omit<MailMessage, 'to'>;
}

export interface DocumentEmailResult {
  emailId: string;
  status: EmailStatus;
  error: string | null;
}

/**
 * The e-mail machinery every document shares — invoices, credit memos, statements (as the client's specification
 * asks for invoices): a send waits (EMAIL_SEND_TIMEOUT_MS) for the mail server's answer — accepted (sent), refused
 * with a 5xx (failed), or deferred with a 4xx, unreachable or no answer in time (queued) — and a queued message is
 * retried in the background with exponential backoff (EMAIL_RETRY_BASE_MS × 2ⁿ, EMAIL_RETRY_ATTEMPTS attempts in
 * all); each outcome is recorded.
 *
 * Each retry is claimed first (a RetryStarted appended at the revision its decision read, on the invoice's stream or
 * the e-mail's own), so two processes never make the same attempt and a message delivered is never sent again;
 * every attempt of one e-mail carries the same Message-ID, made from its id. When a process starts (`resume`) it
 * picks up every message the e-mail log still shows queued, counting the attempts already begun, and goes on with
 * the same backoff; a resumed message is put together again by its kind's composer.
 */
@Injectable()
export class DocumentEmails implements OnModuleDestroy {
  private readonly logger = new Logger('DocumentEmail');
  private readonly composers = new Map<DocumentEmailKind, EmailComposer>();
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Retries under way (claim, send, record): waited for when the app closes. */
  private readonly running = new Set<Promise<void>>();
  private closed = false;
  /** The last `resume()` (tests wait for it). */
  resuming: Promise<number> = Promise.resolve(0);

  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** Each kind's area says how its e-mail is put together again after a restart. */
  register(kind: DocumentEmailKind, composer: EmailComposer): void {
    this.composers.set(kind, composer);
  }

  /** Stops scheduling; an attempt under way is given the send timeout to finish and be recorded. */
  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await this.resuming.catch(() => 0);
    if (this.running.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.running]),
      new Promise((resolve) => (timer = setTimeout(resolve, this.config.invoiceEmail.sendTimeoutMs + 1000))),
    ]);
    clearTimeout(timer);
  }

  /** Messages waiting for a background retry (for tests and health). */
  get retrying(): number {
    return this.timers.size;
  }

  /** The stream an e-mail is recorded on: its invoice's, or its own. */
  streamOf(ref: Pick<EmailRef, 'kind' | 'documentId' | 'emailId'>): string {
    return ref.kind === 'invoice' ? invoiceStream(ref.documentId) : documentEmailStream(ref.emailId);
  }

  /** The Message-ID every attempt of one e-mail carries, so a receiver can tell a repeat from a new message. */
  messageIdOf(emailId: string): string {
    const host = this.config.appUrl ? new URL(this.config.appUrl).hostname : 'stampline.local';
    return `<${emailId}@${host || 'stampline.local'}>`;
  }

  baseUrl(): string {
    return (this.config.appUrl ?? `http://localhost:${this.config.port}`).replace(/\/+$/, '');
  }

  /** One hand-over to the mail server, waiting at most EMAIL_SEND_TIMEOUT_MS for its answer. */
  attempt(message: MailMessage): Promise<Outcome> {
    const sending = this.mail.send(message).then(
      (): Outcome => ({ status: 'sent' }),
      (error: unknown): Outcome => classify(error),
    );
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<Outcome>((resolve) => {
      timer = setTimeout(
        () =>
          resolve({
            status: 'queued',
            error: 'The mail server did not answer in time',
            pending: sending,
          }),
        this.config.invoiceEmail.sendTimeoutMs,
      );
    });
    return Promise.race([sending, late]).finally(() => clearTimeout(timer));
  }

  /** After the first send is recorded: a queued message waits for its late answer, or for its next attempt. */
  follow(job: RetryJob, outcome: Outcome): void {
    if (outcome.status !== 'queued') return;
    if (outcome.pending) void outcome.pending.then((late) => this.settle(job, late));
    else this.schedule(job);
  }

  /**
   * Sends a credit memo's or a statement's e-mail to one recipient and records it on its own stream, then follows it
   * like an invoice's. An e-mail id already recorded (a retried request) is not sent again: its recorded state is
   * answered.
   */
  async send(metadata: CommandMetadata, request: DocumentEmailRequest): Promise<DocumentEmailResult> {
    const { emailId, document, to, notes, runId } = request;
    const stream = documentEmailStream(emailId);
    const known = (await this.events.load(stream, documentEmailDecider)).state.emails[emailId];
    if (known) {
      await this.events.waitForCommitted(WAITS_FOR.documentEmail);
      return { emailId, status: known.status, error: known.error };
    }
    const message: MailMessage = { ...request.message, to, messageId: this.messageIdOf(emailId) };
    const outcome = await this.attempt(message);
    const error = outcome.status === 'sent' ? null : outcome.error;
    const { events } = await this.events.decide(
      documentEmailDecider,
      stream,
      {
        type: 'RecordDocumentEmail',
        data: { emailId, document, to, notes, status: outcome.status, error, runId },
        metadata,
      },
      { waitForProjections: true, waitFor: WAITS_FOR.documentEmail },
    );
    const [recorded] = events;
    if (recorded?.type === 'DocumentEmailed') {
      const ref: EmailRef = { emailId, kind: document.kind, documentId: document.id, document, to };
      this.follow({ companyId: metadata.companyId, ref, message, attempts: 1 }, outcome);
    }
    return { emailId, status: outcome.status, error };
  }

  /**
   * Picks up the messages left queued by an earlier process (stopped, crashed, or another instance): once the
   * projections caught up with the store, every row of the e-mail log still queued is folded from its stream and
   * its next attempt scheduled where the backoff puts it (at once if that time is past). An attempt begun less than
   * two send timeouts ago may still be under way elsewhere: it is given that long first. Answers how many.
   */
  resume(now = this.clock.now()): Promise<number> {
    this.resuming = this.resumeQueued(now).catch((error: unknown) => {
      this.logger.error(`Could not resume queued e-mails: ${String(error)}`);
      return 0;
    });
    return this.resuming;
  }

  private async resumeQueued(now: Date): Promise<number> {
    await this.events.waitForProjections(await this.store.headCheckpoint());
    // Every company's queued messages: a system job, not a request, so no tenant filter (each job keeps its company).
    const { rows } = await this.pool.query<{
      id: string;
      company_id: string;
      kind: DocumentEmailKind;
      invoice_id: string | null;
      document_id: string | null;
    }>(
      `SELECT id, company_id, kind, invoice_id, document_id FROM rm_invoice_email WHERE status = 'queued'
        ORDER BY created_at`,
    );
    const { retryBaseMs, sendTimeoutMs } = this.config.invoiceEmail;
    let resumed = 0;
    for (const row of rows) {
      if (this.closed) break;
      const stream = this.streamOf({
        kind: row.kind,
        documentId: row.invoice_id ?? row.document_id ?? '',
        emailId: row.id,
      });
      const { state } = await this.events.load(stream, documentEmailDecider);
      const email = state.emails[row.id];
      if (!email || email.status !== 'queued') continue;
      const last = Date.parse(email.lastAt);
      const due =
        email.started > email.attempts
          ? last + 2 * sendTimeoutMs // begun and not recorded: under way elsewhere, or cut off
          : last + retryBaseMs * 2 ** (email.attempts - 1);
      this.schedule(
        { companyId: row.company_id, ref: emailRefOf(row.id, email), attempts: email.started },
        Math.max(0, due - now.getTime()),
      );
      resumed++;
    }
    if (resumed) this.logger.log(`Resumed ${resumed} queued e-mail(s)`);
    return resumed;
  }

  private schedule(
    job: RetryJob,
    delay = this.config.invoiceEmail.retryBaseMs * 2 ** (job.attempts - 1),
  ): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const run = this.retry(job).catch((error: unknown) =>
        this.logger.error(`Retry of e-mail ${job.ref.emailId} stopped: ${String(error)}`),
      );
      this.running.add(run);
      void run.finally(() => this.running.delete(run));
    }, delay);
    timer.unref?.();
    this.timers.add(timer);
  }

  /** Claims the next attempt on the e-mail's stream; makes it only if this process got the claim. */
  private async retry(job: RetryJob): Promise<void> {
    if (this.closed) return;
    const next = { ...job, attempts: job.attempts + 1 };
    const actor: Actor = { companyId: job.companyId, userId: null, now: this.clock.nowIso() };
    const { events } = await this.events.decide(
      documentEmailDecider,
      this.streamOf(job.ref),
      {
        type: 'StartEmailRetry',
        data: {
          emailId: job.ref.emailId,
          attempt: next.attempts,
          maxAttempts: this.config.invoiceEmail.retryAttempts,
        },
        metadata: actor,
      },
      { waitForProjections: false },
    );
    const claimed = events[0]?.type;
    if (claimed !== 'InvoiceEmailRetryStarted' && claimed !== 'DocumentEmailRetryStarted') return; // done, given up, or claimed elsewhere
    let message = job.message;
    if (!message) {
      try {
        message = { ...(await this.rebuild(job)), messageId: this.messageIdOf(job.ref.emailId) };
      } catch (error) {
        await this.settle(next, {
          status: 'failed',
          error: `The ${documentName(job.ref.kind)} could not be printed: ${reasonOf(error)}`,
        });
        return;
      }
    }
    await this.settle({ ...next, message }, await this.attempt(message));
  }

  /** A resumed message put together again by its kind's composer. */
  private async rebuild(job: RetryJob): Promise<MailMessage> {
    const { state } = await this.events.load(this.streamOf(job.ref), documentEmailDecider);
    const email = state.emails[job.ref.emailId];
    if (!email) throw new Error('The e-mail is not on its stream');
    const composer = this.composers.get(job.ref.kind);
    if (!composer) throw new Error(`No composer for ${job.ref.kind} e-mails`);
    return composer.rebuild(job.companyId, job.ref, email, this.clock.nowIso());
  }

  /** Records what became of a queued message after `job.attempts` attempts, and retries it again if need be. */
  private async settle(job: RetryJob, outcome: Outcome): Promise<void> {
    const now = this.clock.nowIso();
    const actor: Actor = { companyId: job.companyId, userId: null, now };
    const event = emailOutcome(job.ref, job.attempts, outcome, this.config.invoiceEmail.retryAttempts, now);
    try {
      await this.events.record(this.streamOf(job.ref), [event], actor);
    } catch (error) {
      this.logger.error(`Could not record ${event.type} for e-mail ${job.ref.emailId}: ${String(error)}`);
    }
    const deferred = event.type === 'InvoiceEmailDeferred' || event.type === 'DocumentEmailDeferred';
    if (deferred && !this.closed) {
      if (outcome.status === 'queued' && outcome.pending)
        void outcome.pending.then((late) => this.settle(job, late));
      else this.schedule(job);
    }
  }
}

const documentName = (kind: DocumentEmailKind) =>
  kind === 'credit_memo' ? 'credit memo' : kind === 'statement' ? 'statement' : 'invoice';

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]!.slice(0, 300);
}

/** An SMTP failure: 5xx refused for good; 4xx, a lost connection or a missing server are worth retrying. */
export function classify(error: unknown): Outcome {
  const e = error as {
    responseCode?: number;
    response?: string;
    message?: string;
    rejectedErrors?: unknown[];
  };
  const code =
    e.responseCode ?? (e.rejectedErrors?.[0] as { responseCode?: number } | undefined)?.responseCode;
  const text = (e.response ?? e.message ?? String(error)).split('\n')[0]!.slice(0, 300);
  if (typeof code === 'number' && code >= 500) return { status: 'failed', error: text };
  return { status: 'queued', error: text };
}

/**
 * Who a document e-mail (an invoice, a credit memo, a statement) is from and where its answers go: the company by
 * name, and its owner's address as the Reply-To (the company keeps no address of its own), so a customer who answers
 * reaches the distributor, not a no-reply box. The sending address stays the mail server's.
 */
export async function companySender(
  pool: pg.Pool,
  companyId: string,
): Promise<Pick<MailMessage, 'fromName' | 'replyTo'>> {
  const [row] = await tenantQuery<{ name: string; email: string | null }>(
    pool,
    companyId,
    `SELECT co.name, u.email FROM rm_company co LEFT JOIN users u ON u.id = co.owner_user_id
      WHERE co.company_id = $1 AND co.id = $1`,
  );
  if (!row) return {};
  return {
    fromName: row.name,
    ...(row.email ? { replyTo: { name: row.name, address: row.email } } : {}),
  };
}
