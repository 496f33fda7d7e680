import { HttpException, HttpStatus, Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type {
  InvoiceEmailDeferred,
  InvoiceEmailDelivered,
  InvoiceEmailed,
  InvoiceEmailFailed,
  PublicLinkIssued,
} from '../../../../../domain/invoices/invoice-delivery.events.js';
import { invoiceStream } from '../../../../../domain/invoices/invoice.events.js';
import type { CommandMetadata } from '../../../../../domain/shared/decider.js';
import { PublicLinks } from '../../delivery/public-links.js';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config.js';
import { EventAppender, type Actor } from '../../infra/event-store/event-appender.js';
import { escapeHtml } from '../../infra/mail/mail-inbox.js';
import { MAIL_PORT, type MailMessage, type MailPort } from '../../infra/mail/mail.port.js';
import { InvoiceReader } from '../invoice-reader.js';
import type { InvoiceResponse } from '../invoice.response.js';
import { InvoicePdfService } from '../pdf/invoice-pdf.service.js';
import { displayDate, money } from '../pdf/pdf-format.js';

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

export interface EmailSendResult {
  status: 'sent' | 'queued' | 'failed';
  message: string;
  recipients: { emailed_to: string; status: 'sent' | 'queued' | 'failed'; error: string | null }[];
}

interface RetryJob {
  companyId: string;
  invoiceId: string;
  emailId: string;
  message: MailMessage;
  attempts: number;
}

/**
 * Sends an invoice by e-mail (spec 000 §2 e-mail dialog, §7 POST /invoice/{number}/email), one message per
 * recipient with the PDF attached and a public link, and records each recipient on the invoice stream.
 *
 * The call waits (EMAIL_SEND_TIMEOUT_MS, default 10 s) for the SMTP server's answer and reports it: accepted
 * (sent), refused with a 5xx (failed), or deferred with a 4xx / unreachable / no answer in time (queued). Queued
 * messages are retried in the background with exponential backoff (EMAIL_RETRY_BASE_MS × 2ⁿ, EMAIL_RETRY_ATTEMPTS
 * attempts in all), and the log records whether each was delivered in the end.
 */
@Injectable()
export class InvoiceEmailService implements OnModuleDestroy {
  private readonly logger = new Logger('InvoiceEmail');
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    @Inject(InvoiceReader) private readonly reader: InvoiceReader,
    @Inject(InvoicePdfService) private readonly pdfs: InvoicePdfService,
    @Inject(PublicLinks) private readonly links: PublicLinks,
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleDestroy(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  async send(
    metadata: CommandMetadata,
    idOrNumber: string,
    emails: string[],
    notes: string,
  ): Promise<EmailSendResult> {
    const { companyId } = metadata;
    const invoice = await this.reader.read(companyId, idOrNumber);
    const recipients = [...new Map(emails.map((e) => [e.trim().toLowerCase(), e.trim()])).values()];
    const { pdf, filename } = await this.pdfs.print(companyId, invoice);
    const company = await this.pdfs.header(companyId, null);
    const link = await this.links.issue(companyId, 'invoice', invoice.id, new Date(metadata.now));
    const url = `${this.baseUrl()}/invoice/pdf/${link.token}`;
    const message = invoiceMessage({
      invoice,
      companyName: company.name,
      url,
      expiresAt: link.expires_at,
      notes,
    });
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
    const result: EmailSendResult['recipients'] = sent.map(({ to, outcome }) => ({
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

  private schedule(job: RetryJob): void {
    if (this.closed) return;
    const delay = this.config.invoiceEmail.retryBaseMs * 2 ** (job.attempts - 1);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.retry(job);
    }, delay);
    timer.unref?.();
    this.timers.add(timer);
  }

  private async retry(job: RetryJob): Promise<void> {
    if (this.closed) return;
    const next = { ...job, attempts: job.attempts + 1 };
    await this.settle(next, await this.attempt(job.message));
  }

  /** Records what became of a queued message after `job.attempts` attempts, and retries it again if need be. */
  private async settle(job: RetryJob, outcome: Outcome): Promise<void> {
    if (this.closed) return;
    const now = new Date().toISOString();
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
    if (event.type === 'InvoiceEmailDeferred') {
      if (outcome.status === 'queued' && outcome.pending)
        void outcome.pending.then((late) => this.settle(job, late));
      else this.schedule(job);
    }
  }
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
  notes,
}: {
  invoice: Pick<InvoiceResponse, 'number' | 'total' | 'invoiced_at' | 'due_at' | 'due_on_delivery'>;
  companyName: string;
  url: string;
  expiresAt: string;
  notes: string;
}): Omit<MailMessage, 'to'> {
  const due = invoice.due_on_delivery ? 'due on delivery' : `due ${displayDate(invoice.due_at)}`;
  const summary = `Please find attached invoice #${invoice.number} from ${companyName} for ${money(invoice.total)}, dated ${displayDate(invoice.invoiced_at)} and ${due}.`;
  const until = displayDate(expiresAt.slice(0, 10));
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
