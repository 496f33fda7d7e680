import { HttpException, HttpStatus, Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { InvoiceEmailed, PublicLinkIssued } from '#domain/invoices/invoice-delivery.events.js';
import type { EmailDelivery, EmailRef } from '#domain/email/document-email.decide.js';
import { invoiceStream } from '#domain/invoices/invoice.events.js';
import type { CommandMetadata } from '#domain/shared/decider.js';
import { PublicLinks } from '../../delivery/public-links.js';
import {
  companySender,
  DocumentEmails,
  EMAIL_QUEUED,
  EMAIL_SENT,
  type EmailComposer,
} from '../../delivery/document-emails.js';
import { EventAppender } from '#engine';
import { escapeHtml } from '../../infra/mail/mail-inbox.js';
import type { MailMessage } from '../../infra/mail/mail.port.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { InvoiceReader } from '../invoice-reader.js';
import type { EmailRecipientResult, SendEmailResponse } from '#domain/contracts/delivery.contract.js';
import type { InvoiceResponse } from '#domain/contracts/invoice.contract.js';
import { InvoicePdfService } from '../pdf/invoice-pdf.service.js';
import { displayDate, money } from '../../infra/pdf/pdf-format.js';
import { WAITS_FOR } from '../../read-your-writes.js';
import { companyDate, companyTimeZone } from '../../infra/company-time.js';

export { EMAIL_QUEUED, EMAIL_SENT };

export const EMAIL_FAILED =
  'Failed to send email. Please make sure the email addresses are valid and try again';

/**
 * Sends an invoice by e-mail (as the client's specification asks), one message per recipient with the PDF attached
 * and a public link, and records each recipient on the invoice stream (InvoiceEmailed, with the public link's
 * PublicLinkIssued). What the mail server answers, the background retries of a deferred message and their resumption
 * after a restart are the shared e-mail machinery's (DocumentEmails), as for credit memos and statements; this
 * service says how an invoice's message is put together — again, for a retry resumed after a restart: the invoice
 * as it is then, with a new public link.
 */
@Injectable()
export class InvoiceEmailService implements OnModuleInit, EmailComposer {
  constructor(
    @Inject(InvoiceReader) private readonly reader: InvoiceReader,
    @Inject(InvoicePdfService) private readonly pdfs: InvoicePdfService,
    @Inject(PublicLinks) private readonly links: PublicLinks,
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(DocumentEmails) private readonly emails: DocumentEmails,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  onModuleInit(): void {
    this.emails.register('invoice', this);
  }

  /** Picks up every kind's queued e-mails left by an earlier process (DocumentEmails.resume). */
  resume(now?: Date): Promise<number> {
    return this.emails.resume(now);
  }

  /** The last `resume()` (tests wait for it). */
  get resuming(): Promise<number> {
    return this.emails.resuming;
  }

  /** Messages waiting for a background retry (for tests and health). */
  get retrying(): number {
    return this.emails.retrying;
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
    const url = `${this.emails.baseUrl()}/invoice/pdf/${link.token}`;
    const message = {
      ...invoiceMessage({
        invoice,
        companyName: company.name,
        url,
        expiresAt: link.expires_at,
        timeZone: await companyTimeZone(this.pool, companyId),
        notes,
      }),
      ...(await companySender(this.pool, companyId)),
    };
    const attachments = [{ filename, content: pdf, contentType: 'application/pdf' }];

    const mails = recipients.map((to) => {
      const emailId = randomUUID();
      const mail: MailMessage = { ...message, to, attachments, messageId: this.emails.messageIdOf(emailId) };
      return { emailId, to, mail };
    });
    const outcomes = await Promise.all(mails.map(({ mail }) => this.emails.attempt(mail)));
    const sent = mails.map((m, i) => ({ ...m, outcome: outcomes[i]! }));
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

    for (const { emailId, to, mail, outcome } of sent) {
      const ref: EmailRef = { emailId, kind: 'invoice', documentId: invoice.id, document: null, to };
      this.emails.follow({ companyId, ref, message: mail, attempts: 1 }, outcome);
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

  /** A resumed message put together again: the invoice as it is now, a new public link, the same notes. */
  async rebuild(companyId: string, ref: EmailRef, email: EmailDelivery, now: string): Promise<MailMessage> {
    const invoice = await this.reader.read(companyId, ref.documentId);
    const { pdf, filename } = await this.pdfs.print(companyId, invoice);
    const company = await this.pdfs.header(companyId, null);
    const link = await this.links.issue(companyId, 'invoice', invoice.id, new Date(now));
    const issued: PublicLinkIssued = {
      type: 'PublicLinkIssued',
      data: {
        linkId: link.id,
        invoiceId: invoice.id,
        companyId,
        purpose: 'email',
        expiresAt: link.expires_at,
        issuedAt: now,
      },
    };
    await this.events.record(invoiceStream(invoice.id), [issued], { companyId, userId: null, now });
    const message = {
      ...invoiceMessage({
        invoice,
        companyName: company.name,
        url: `${this.emails.baseUrl()}/invoice/pdf/${link.token}`,
        expiresAt: link.expires_at,
        timeZone: await companyTimeZone(this.pool, companyId),
        notes: email.notes,
      }),
      ...(await companySender(this.pool, companyId)),
    };
    return {
      ...message,
      to: email.to,
      attachments: [{ filename, content: pdf, contentType: 'application/pdf' }],
    };
  }
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
