import { HttpException, HttpStatus, Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type pg from 'pg';
import type { CompanyHeader } from '#domain/contracts/public.contract.js';
import { customerError } from '#domain/customers/customer.errors.js';
import type { StatementEmailResponse, StatementResponse } from '#domain/contracts/statement.contract.js';
import { customerStream } from '#domain/customers/customer.decide.js';
import type { StatementLinkIssued, StatementLinksRevoked } from '#domain/customers/customer.events.js';
import type { EmailDelivery, EmailRef } from '#domain/email/document-email.decide.js';
import type { EmailedDocument } from '#domain/email/document-email.events.js';
import type { CommandMetadata } from '#domain/shared/decider.js';
import { isUuid } from '#domain/shared/field-rules.js';
import { EventAppender } from '#engine';
import { PG_POOL } from '#infra/projections.provider.js';
import { findCustomer } from '../customers/customer.response.js';
import {
  companySender,
  DocumentEmails,
  EMAIL_QUEUED,
  EMAIL_SENT,
  type DocumentEmailResult,
  type EmailComposer,
} from '../delivery/document-emails.js';
import { PublicLinks, type IssuedLink } from '../delivery/public-links.js';
import { Clock } from '../infra/clock.js';
import { companyDate, companyTimeZone } from '../infra/company-time.js';
import { APP_CONFIG, type AppConfig } from '../infra/config/config.js';
import { FILE_STORAGE, type FileStorage } from '../infra/files/file-storage.port.js';
import { escapeHtml } from '../infra/mail/mail-inbox.js';
import type { MailMessage } from '../infra/mail/mail.port.js';
import { CompanyHeaders } from '../infra/pdf/company-header.js';
import { displayDate, money } from '../infra/pdf/pdf-format.js';
import { statementFileName, statementFooter, statementPdfView } from './pdf/statement-pdf.template.js';
import { writeStatementPdf } from './pdf/statement-pdf.writer.js';
import { CustomerStatementQuery } from './queries/statement.query.js';

export interface StatementPdf {
  statement: StatementResponse;
  filename: string;
  pdf: Buffer;
}

export type Period = { from?: string; to?: string };

/** The answer when the mail server refuses the message. */
export const STATEMENT_EMAIL_FAILED =
  'Failed to send the statement. Please check the email address and try again';

/**
 * A customer's statement as a document: read (CustomerStatementQuery), written as a PDF (PDFKit: a statement is a
 * long table, which Chromium took seconds to lay out), linked publicly (a 'customer_statement' link that opens that
 * period only, recorded on the customer's stream with who asked for it) and e-mailed (the PDF attached and the public
 * link, from the company by name with its owner as Reply-To) through the e-mail machinery invoices use
 * (DocumentEmails): recorded in the e-mail log and the activity log, a deferred message retried in the background.
 */
@Injectable()
export class StatementDocuments implements OnModuleInit, EmailComposer {
  private readonly headers: CompanyHeaders;

  constructor(
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(PublicLinks) private readonly links: PublicLinks,
    @Inject(DocumentEmails) private readonly emails: DocumentEmails,
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(FILE_STORAGE) files: FileStorage,
    @Inject(Clock) private readonly clock: Clock,
  ) {
    this.headers = new CompanyHeaders(pool, files);
  }

  onModuleInit(): void {
    this.emails.register('statement', this);
  }

  /** The statement (404 'Customer Not Found' for an unknown or another company's customer, 400 for a bad period). */
  statement(companyId: string, customerId: string, period: Period, now = this.clock.now()) {
    return this.queries.execute(new CustomerStatementQuery(companyId, customerId, period, now.toISOString()));
  }

  async header(companyId: string): Promise<CompanyHeader> {
    return (await this.headers.read(companyId, null)).header;
  }

  async print(
    companyId: string,
    customerId: string,
    period: Period,
    now = this.clock.now(),
  ): Promise<StatementPdf> {
    return this.render(companyId, await this.statement(companyId, customerId, period, now), now);
  }

  /** The PDF of a statement already read. */
  async render(companyId: string, statement: StatementResponse, now: Date): Promise<StatementPdf> {
    const [header, timeZone] = await Promise.all([
      this.header(companyId),
      companyTimeZone(this.pool, companyId),
    ]);
    const pdf = await writeStatementPdf(
      statementPdfView(statement, header),
      statementFooter(statement.customer.name),
    );
    return {
      statement,
      pdf,
      filename: statementFileName(statement.customer.id, statement.period, now, timeZone),
    };
  }

  /** A public link to the statement of the period (the period resolved first, so the link keeps real days). */
  async link(actor: CommandMetadata, customerId: string, period: Period) {
    const statement = await this.statement(actor.companyId, customerId, period, new Date(actor.now));
    const link = await this.issue(actor, statement, 'share');
    return { statement, link, url: `/customer/statement/pdf/${link.token}` };
  }

  /** Sends the statement to one address (502 with the mail server's reason when it refuses). */
  async email(
    actor: CommandMetadata,
    customerId: string,
    period: Period,
    to: string,
    emailId: string,
  ): Promise<StatementEmailResponse> {
    const statement = await this.statement(actor.companyId, customerId, period, new Date(actor.now));
    const result = await this.request(actor, statement, to, { emailId, runId: null });
    if (result.status === 'failed')
      throw new HttpException(
        {
          statusCode: 502,
          message: STATEMENT_EMAIL_FAILED,
          details: [{ field: 'email', message: result.error ?? 'Refused by the mail server' }],
        },
        HttpStatus.BAD_GATEWAY,
      );
    return {
      message: result.status === 'sent' ? EMAIL_SENT : EMAIL_QUEUED,
      emailed_to: to.trim(),
      status: result.status,
      email_id: result.emailId,
    };
  }

  /**
   * Requests the e-mail of a statement already read: the PDF and a new public link, sent and recorded as the e-mail
   * `emailId` (one the log holds already is not sent again). Answers what the mail server made of it; a refusal is
   * recorded, not thrown.
   */
  async request(
    actor: CommandMetadata,
    statement: StatementResponse,
    to: string,
    { emailId, runId }: { emailId: string; runId: string | null },
  ): Promise<DocumentEmailResult> {
    return this.emails.send(actor, {
      emailId,
      document: emailedStatement(statement),
      to: to.trim(),
      notes: '',
      runId,
      message: await this.compose(actor, statement),
    });
  }

  /** A retry resumed after a restart: the statement of the same period as it is now, with a new public link. */
  async rebuild(companyId: string, ref: EmailRef, email: EmailDelivery, now: string): Promise<MailMessage> {
    const period = email.document?.period ?? {};
    const statement = await this.statement(companyId, ref.documentId, period, new Date(now));
    const message = await this.compose({ companyId, userId: null, now }, statement);
    return { ...message, to: email.to };
  }

  /** Revokes every live public link to the customer's statements (any period); answers how many. */
  async revokeLinks(actor: CommandMetadata, customerId: string): Promise<number> {
    const { companyId } = actor;
    const customer = isUuid(customerId)
      ? await findCustomer(this.pool, companyId, customerId.toLowerCase())
      : null;
    if (!customer) throw customerError('CUSTOMER_NOT_FOUND');
    const count = await this.links.revokeAll(
      companyId,
      'customer_statement',
      customer.id,
      new Date(actor.now),
    );
    if (count > 0) {
      const revoked: StatementLinksRevoked = {
        type: 'StatementLinksRevoked',
        data: { customerId: customer.id, companyId, count, revokedAt: actor.now },
      };
      await this.events.record(customerStream(customer.id), [revoked], actor);
    }
    return count;
  }

  /** The message: the PDF attached, and a new public link to the period (recorded as the e-mail's). */
  private async compose(
    actor: CommandMetadata,
    statement: StatementResponse,
  ): Promise<Omit<MailMessage, 'to'>> {
    const { companyId } = actor;
    const now = new Date(actor.now);
    const { pdf, filename } = await this.render(companyId, statement, now);
    const [link, sender, timeZone] = await Promise.all([
      this.issue(actor, statement, 'email'),
      companySender(this.pool, companyId),
      companyTimeZone(this.pool, companyId),
    ]);
    const companyName = sender.fromName ?? (await this.header(companyId)).name;
    return {
      ...statementMessage(
        statement,
        companyName,
        `${this.emails.baseUrl()}/customer/statement/pdf/${link.token}`,
        { expiresAt: link.expires_at, timeZone },
      ),
      ...sender,
      attachments: [{ filename, content: pdf, contentType: 'application/pdf' }],
    };
  }

  /** Issues a link to the statement's period and records who asked for it, when, and why. */
  private async issue(
    actor: CommandMetadata,
    statement: StatementResponse,
    purpose: StatementLinkIssued['data']['purpose'],
  ): Promise<IssuedLink> {
    const { from, to } = statement.period;
    const link = await this.links.issue(
      actor.companyId,
      'customer_statement',
      statement.customer.id,
      new Date(actor.now),
      this.config.publicLinkDays,
      { from, to },
    );
    const issued: StatementLinkIssued = {
      type: 'StatementLinkIssued',
      data: {
        linkId: link.id,
        customerId: statement.customer.id,
        companyId: actor.companyId,
        period: { from, to },
        purpose,
        expiresAt: link.expires_at,
        issuedAt: actor.now,
      },
    };
    await this.events.record(customerStream(statement.customer.id), [issued], actor);
    return link;
  }
}

/** The statement as the e-mail log and the activity log name it: its customer and period. */
export const emailedStatement = (statement: StatementResponse): EmailedDocument => ({
  kind: 'statement',
  id: statement.customer.id,
  reference: `${statement.period.from}..${statement.period.to}`,
  customerId: statement.customer.id,
  customerName: statement.customer.name,
  invoiceId: null,
  invoiceNumber: null,
  period: { from: statement.period.from, to: statement.period.to },
});

/** The statement e-mail: what it covers, what is owed, and the link (its last day in the company's zone). */
export function statementMessage(
  statement: StatementResponse,
  companyName: string,
  url: string,
  link: { expiresAt: string; timeZone: string },
): Omit<MailMessage, 'to'> {
  const period = `${displayDate(statement.period.from)} to ${displayDate(statement.period.to)}`;
  const summary = `Please find attached your statement from ${companyName} for ${period}. The balance on ${displayDate(statement.period.to)} is ${money(statement.closing_balance)}.`;
  const until = displayDate(companyDate(link.expiresAt, link.timeZone));
  const text = [
    'Hello,',
    '',
    summary,
    '',
    `View the statement online: ${url}`,
    `(This link works until ${until}.)`,
    '',
    'Thank you for your business.',
    companyName,
  ].join('\n');
  const html = `<p>Hello,</p>
<p>${escapeHtml(summary)}</p>
<p><a href="${escapeHtml(url)}">View the statement online</a><br><small>This link works until ${escapeHtml(until)}.</small></p>
<p>Thank you for your business.<br>${escapeHtml(companyName)}</p>`;
  return { subject: `Statement from ${companyName} for ${period}`, text, html };
}
