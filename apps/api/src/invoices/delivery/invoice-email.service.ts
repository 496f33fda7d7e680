import { HttpException, HttpStatus, Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type {
  InvoiceEmailDeferred,
  InvoiceEmailDelivered,
  InvoiceEmailed,
  InvoiceEmailFailed,
  PublicLinkIssued,
} from '#domain/invoices/invoice-delivery.events.js';
import { emailRetryDecider } from '#domain/invoices/invoice-email.decide.js';
import { invoiceStream } from '#domain/invoices/invoice.events.js';
import type { CommandMetadata } from '#domain/shared/decider.js';
import { PublicLinks } from '../../delivery/public-links.js';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config.js';
import { EventAppender, type Actor } from '#engine';
import { EVENT_STORE, type EventStore } from '#engine';
import { escapeHtml } from '../../infra/mail/mail-inbox.js';
import { MAIL_PORT, type MailMessage, type MailPort } from '../../infra/mail/mail.port.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { InvoiceReader } from '../invoice-reader.js';
import type { EmailRecipientResult, SendEmailResponse } from '#domain/contracts/delivery.contract.js';
import type { InvoiceResponse } from '#domain/contracts/invoice.contract.js';
import { InvoicePdfService } from '../pdf/invoice-pdf.service.js';
import { displayDate, money } from '../../infra/pdf/pdf-format.js';
import { WAITS_FOR } from '../../read-your-writes.js';
import { Clock } from '../../infra/clock.js';
import { companyDate, companyTimeZone } from '../../infra/company-time.js';

export const EMAIL_SENT = 'Your email has been sent';
export const EMAIL_QUEUED =
  'The mail server is busy, so your email will be sent again shortly. See the Email log for its delivery.';
export const EMAIL_FAILED =
  'Failed to send email. Please make sure the email addresses are valid and try again';

type Outcome =
  | { status: 'sent' }
  | { status: 'failed'; error: string }
  /** Deferred (4xx), unreachable, or no answer in time; `pending` is the send still under way after a timeout. */
  | { status: 'queued'; error: string; pending?: Promise<Outcome> };

interface RetryJob {
  companyId: string;
  invoiceId: string;
  emailId: string;
  /** Absent for a message resumed after a restart: it is put together again before its next attempt. */
  message?: MailMessage;
  /** Attempts begun so far (1: the first send). */
  attempts: number;
}

/**
 * Sends an invoice by e-mail (as the client's specification asks), one message per
 * recipient with the PDF attached and a public link, and records each recipient on the invoice stream.
 *
 * The call waits (EMAIL_SEND_TIMEOUT_MS, default 10 s) for the SMTP server's answer and reports it: accepted
 * (sent), refused with a 5xx (failed), or deferred with a 4xx / unreachable / no answer in time (queued). Queued
 * messages are retried in the background with exponential backoff (EMAIL_RETRY_BASE_MS × 2ⁿ, EMAIL_RETRY_ATTEMPTS
 * attempts in all), and the log records whether each was delivered in the end.
 *
 * Retries survive a restart: each one is claimed on the invoice stream first (InvoiceEmailRetryStarted, appended at
 * the revision its decision read, so two processes never make the same attempt), and when the API starts
 * (`resume`, called by createHttpApp) it picks up every message the e-mail log still shows queued, counting the
 * attempts already begun, and goes on with the same backoff. A resumed message is printed again from the invoice as
 * it is then, with a new public link.
 */
@Injectable()
export class InvoiceEmailService implements OnModuleDestroy {
  private readonly logger = new Logger('InvoiceEmail');
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Retries under way (claim, send, record): waited for when the app closes. */
  private readonly running = new Set<Promise<void>>();
  private closed = false;
  /** The last `resume()` (tests wait for it). */
  resuming: Promise<number> = Promise.resolve(0);

  constructor(
    @Inject(InvoiceReader) private readonly reader: InvoiceReader,
    @Inject(InvoicePdfService) private readonly pdfs: InvoicePdfService,
    @Inject(PublicLinks) private readonly links: PublicLinks,
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

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

  /**
   * Picks up the messages left queued by an earlier process (stopped, crashed, or another instance): once the
   * projections caught up with the store, every row of the e-mail log still queued is folded from its invoice
   * stream and its next attempt scheduled where the backoff puts it (at once if that time is past). An attempt begun
   * less than two send timeouts ago may still be under way elsewhere: it is given that long first. Answers how many.
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
    const { rows } = await this.pool.query<{ id: string; company_id: string; invoice_id: string }>(
      `SELECT id, company_id, invoice_id FROM rm_invoice_email WHERE status = 'queued' ORDER BY created_at`,
    );
    const { retryBaseMs, sendTimeoutMs } = this.config.invoiceEmail;
    let resumed = 0;
    for (const row of rows) {
      if (this.closed) break;
      const { state } = await this.events.load(invoiceStream(row.invoice_id), emailRetryDecider);
      const email = state.emails[row.id];
      if (!email || email.status !== 'queued') continue;
      const last = Date.parse(email.lastAt);
      const due =
        email.started > email.attempts
          ? last + 2 * sendTimeoutMs // begun and not recorded: under way elsewhere, or cut off
          : last + retryBaseMs * 2 ** (email.attempts - 1);
      this.schedule(
        { companyId: row.company_id, invoiceId: row.invoice_id, emailId: row.id, attempts: email.started },
        Math.max(0, due - now.getTime()),
      );
      resumed++;
    }
    if (resumed) this.logger.log(`Resumed ${resumed} queued e-mail(s)`);
    return resumed;
  }

  async send(
    metadata: CommandMetadata,
    idOrNumber: string,
    emails: string[],
    notes: string,
  ): Promise<SendEmailResponse> {
    const { companyId } = metadata;
    const invoice = await this.reader.read(companyId, idOrNumber);
    const recipients = [...new Map(emails.map((e) => [e.trim().toLowerCase(), e.trim()])).values()];
    const { pdf, filename } = await this.pdfs.print(companyId, invoice);
    const company = await this.pdfs.header(companyId, null);
    const link = await this.links.issue(companyId, 'invoice', invoice.id, new Date(metadata.now));
    const url = `${this.baseUrl()}/invoice/pdf/${link.token}`;
    const message = {
      ...invoiceMessage({
        invoice,
        companyName: company.name,
        url,
        expiresAt: link.expires_at,
        timeZone: await companyTimeZone(this.pool, companyId),
        notes,
      }),
      ...(await this.sender(companyId)),
    };
    const attachments = [{ filename, content: pdf, contentType: 'application/pdf' }];

    const outcomes = await Promise.all(recipients.map((to) => this.attempt({ ...message, to, attachments })));
    const sent = recipients.map((to, i) => ({ emailId: randomUUID(), to, outcome: outcomes[i]! }));
    const issued: PublicLinkIssued = {
      type: 'PublicLinkIssued',
      data: {
        linkId: link.id,
        invoiceId: invoice.id,
        companyId,
        purpose: 'email',
        expiresAt: link.expires_at,
        issuedAt: metadata.now,
      },
    };
    const emailed: InvoiceEmailed[] = sent.map(({ emailId, to, outcome }) => ({
      type: 'InvoiceEmailed',
      data: {
        emailId,
        invoiceId: invoice.id,
        companyId,
        number: invoice.number,
        to,
        notes,
        status: outcome.status,
        error: outcome.status === 'sent' ? null : outcome.error,
        emailedAt: metadata.now,
      },
    }));
    await this.events.record(invoiceStream(invoice.id), [issued, ...emailed], metadata, {
      waitForProjections: true,
      waitFor: WAITS_FOR.email,
    });

    for (const { emailId, to, outcome } of sent) {
      if (outcome.status !== 'queued') continue;
      const job: RetryJob = {
        companyId,
        invoiceId: invoice.id,
        emailId,
        message: { ...message, to, attachments },
        attempts: 1,
      };
      if (outcome.pending) void outcome.pending.then((late) => this.settle(job, late));
      else this.schedule(job);
    }

    const statuses = sent.map(({ outcome }) => outcome.status);
    const result: EmailRecipientResult[] = sent.map(({ to, outcome }) => ({
      emailed_to: to,
      status: outcome.status,
      error: outcome.status === 'sent' ? null : outcome.error,
    }));
    if (statuses.includes('failed')) {
      throw new HttpException(
        {
          statusCode: 502,
          message: EMAIL_FAILED,
          details: sent.flatMap(({ outcome }, i) =>
            outcome.status === 'failed' ? [{ field: `emails.${i}`, message: outcome.error }] : [],
          ),
          recipients: result,
        },
        HttpStatus.BAD_GATEWAY,
      );
    }
    return statuses.every((status) => status === 'sent')
      ? { status: 'sent', message: EMAIL_SENT, recipients: result }
      : { status: 'queued', message: EMAIL_QUEUED, recipients: result };
  }

  /** Messages waiting for a background retry (for tests and health). */
  get retrying(): number {
    return this.timers.size;
  }

  private sender(companyId: string): Promise<Pick<MailMessage, 'fromName' | 'replyTo'>> {
    return companySender(this.pool, companyId);
  }

  private baseUrl(): string {
    return (this.config.appUrl ?? `http://localhost:${this.config.port}`).replace(/\/+$/, '');
  }

  /** One hand-over to the SMTP server, waiting at most EMAIL_SEND_TIMEOUT_MS for its answer. */
  private attempt(message: MailMessage): Promise<Outcome> {
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

  private schedule(
    job: RetryJob,
    delay = this.config.invoiceEmail.retryBaseMs * 2 ** (job.attempts - 1),
  ): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const run = this.retry(job).catch((error: unknown) =>
        this.logger.error(`Retry of e-mail ${job.emailId} stopped: ${String(error)}`),
      );
      this.running.add(run);
      void run.finally(() => this.running.delete(run));
    }, delay);
    timer.unref?.();
    this.timers.add(timer);
  }

  /** Claims the next attempt on the invoice stream; makes it only if this process got the claim. */
  private async retry(job: RetryJob): Promise<void> {
    if (this.closed) return;
    const next = { ...job, attempts: job.attempts + 1 };
    const actor: Actor = { companyId: job.companyId, userId: null, now: this.clock.nowIso() };
    const { events } = await this.events.decide(
      emailRetryDecider,
      invoiceStream(job.invoiceId),
      {
        type: 'StartEmailRetry',
        data: {
          invoiceId: job.invoiceId,
          emailId: job.emailId,
          attempt: next.attempts,
          maxAttempts: this.config.invoiceEmail.retryAttempts,
        },
        metadata: actor,
      },
      { waitForProjections: false },
    );
    if (events[0]?.type !== 'InvoiceEmailRetryStarted') return; // done, given up, or claimed elsewhere
    let message = job.message;
    if (!message) {
      try {
        message = await this.rebuild(job);
      } catch (error) {
        await this.settle(next, {
          status: 'failed',
          error: `The invoice could not be printed: ${reasonOf(error)}`,
        });
        return;
      }
    }
    await this.settle({ ...next, message }, await this.attempt(message));
  }

  /** A resumed message put together again: the invoice as it is now, a new public link, the same notes. */
  private async rebuild(job: RetryJob): Promise<MailMessage> {
    const { state } = await this.events.load(invoiceStream(job.invoiceId), emailRetryDecider);
    const email = state.emails[job.emailId];
    if (!email) throw new Error('The e-mail is not on the invoice stream');
    const now = this.clock.nowIso();
    const invoice = await this.reader.read(job.companyId, job.invoiceId);
    const { pdf, filename } = await this.pdfs.print(job.companyId, invoice);
    const company = await this.pdfs.header(job.companyId, null);
    const link = await this.links.issue(job.companyId, 'invoice', invoice.id, new Date(now));
    const issued: PublicLinkIssued = {
      type: 'PublicLinkIssued',
      data: {
        linkId: link.id,
        invoiceId: invoice.id,
        companyId: job.companyId,
        purpose: 'email',
        expiresAt: link.expires_at,
        issuedAt: now,
      },
    };
    await this.events.record(invoiceStream(invoice.id), [issued], {
      companyId: job.companyId,
      userId: null,
      now,
    });
    const message = {
      ...invoiceMessage({
        invoice,
        companyName: company.name,
        url: `${this.baseUrl()}/invoice/pdf/${link.token}`,
        expiresAt: link.expires_at,
        timeZone: await companyTimeZone(this.pool, job.companyId),
        notes: email.notes,
      }),
      ...(await this.sender(job.companyId)),
    };
    return {
      ...message,
      to: email.to,
      attachments: [{ filename, content: pdf, contentType: 'application/pdf' }],
    };
  }

  /** Records what became of a queued message after `job.attempts` attempts, and retries it again if need be. */
  private async settle(job: RetryJob, outcome: Outcome): Promise<void> {
    const now = this.clock.nowIso();
    const actor: Actor = { companyId: job.companyId, userId: null, now };
    const { emailId, invoiceId, attempts } = job;
    const maxAttempts = this.config.invoiceEmail.retryAttempts;
    let event: InvoiceEmailDelivered | InvoiceEmailDeferred | InvoiceEmailFailed;
    if (outcome.status === 'sent') {
      event = { type: 'InvoiceEmailDelivered', data: { emailId, invoiceId, attempts, deliveredAt: now } };
    } else if (outcome.status === 'failed') {
      event = {
        type: 'InvoiceEmailFailed',
        data: { emailId, invoiceId, attempts, error: outcome.error, failedAt: now },
      };
    } else if (attempts >= maxAttempts) {
      const error = `Not delivered after ${attempts} attempts: ${outcome.error}`;
      event = { type: 'InvoiceEmailFailed', data: { emailId, invoiceId, attempts, error, failedAt: now } };
    } else {
      event = {
        type: 'InvoiceEmailDeferred',
        data: { emailId, invoiceId, attempts, error: outcome.error, deferredAt: now },
      };
    }
    try {
      await this.events.record(invoiceStream(invoiceId), [event], actor);
    } catch (error) {
      this.logger.error(`Could not record ${event.type} for e-mail ${emailId}: ${String(error)}`);
    }
    if (event.type === 'InvoiceEmailDeferred' && !this.closed) {
      if (outcome.status === 'queued' && outcome.pending)
        void outcome.pending.then((late) => this.settle(job, late));
      else this.schedule(job);
    }
  }
}

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

/** The message's subject and bodies (text and HTML, every value escaped). */
export function invoiceMessage({
  invoice,
  companyName,
  url,
  expiresAt,
  timeZone,
  notes,
}: {
  invoice: Pick<InvoiceResponse, 'number' | 'total' | 'invoiced_at' | 'due_at' | 'due_on_delivery'>;
  companyName: string;
  url: string;
  expiresAt: string;
  /** The company's: the link's last day is the day it expires there. */
  timeZone: string;
  notes: string;
}): Omit<MailMessage, 'to'> {
  const due = invoice.due_on_delivery ? 'due on delivery' : `due ${displayDate(invoice.due_at)}`;
  const summary = `Please find attached invoice #${invoice.number} from ${companyName} for ${money(invoice.total)}, dated ${displayDate(invoice.invoiced_at)} and ${due}.`;
  const until = displayDate(companyDate(expiresAt, timeZone));
  const noteLines = notes.trim() ? [notes.trim(), ''] : [];
  const text = [
    'Hello,',
    '',
    summary,
    '',
    ...noteLines,
    `View the invoice online: ${url}`,
    `(This link works until ${until}.)`,
    '',
    'Thank you for your business.',
    companyName,
  ].join('\n');
  const html = `<p>Hello,</p>
<p>${escapeHtml(summary)}</p>
${notes.trim() ? `<p style="white-space:pre-wrap">${escapeHtml(notes.trim())}</p>` : ''}
<p><a href="${escapeHtml(url)}">View invoice #${escapeHtml(invoice.number)} online</a><br><small>This link works until ${escapeHtml(until)}.</small></p>
<p>Thank you for your business.<br>${escapeHtml(companyName)}</p>`;
  return { subject: `Invoice #${invoice.number} from ${companyName}`, text, html };
}

/**
 * Who a document e-mail (an invoice, a statement) is from and where its answers go: the company by name, and its
 * owner's address as the Reply-To (the company keeps no address of its own), so a customer who answers reaches the
 * distributor, not a no-reply box. The sending address stays the mail server's.
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
