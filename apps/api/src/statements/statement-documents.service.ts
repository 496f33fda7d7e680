import { HttpException, HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type pg from 'pg';
import type { CompanyHeader } from '#domain/contracts/public.contract.js';
import { customerError } from '#domain/customers/customer.errors.js';
import type { StatementResponse } from '#domain/contracts/statement.contract.js';
import { isUuid } from '#domain/shared/field-rules.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { findCustomer } from '../customers/customer.response.js';
import { PublicLinks, type IssuedLink } from '../delivery/public-links.js';
import { Clock } from '../infra/clock.js';
import { companyDate, companyTimeZone } from '../infra/company-time.js';
import { APP_CONFIG, type AppConfig } from '../infra/config/config.js';
import { FILE_STORAGE, type FileStorage } from '../infra/files/file-storage.port.js';
import { escapeHtml } from '../infra/mail/mail-inbox.js';
import { MAIL_PORT, type MailMessage, type MailPort } from '../infra/mail/mail.port.js';
import { CompanyHeaders } from '../infra/pdf/company-header.js';
import { displayDate, money } from '../infra/pdf/pdf-format.js';
import { companySender } from '../invoices/delivery/invoice-email.service.js';
import { statementFileName, statementFooter, statementPdfView } from './pdf/statement-pdf.template.js';
import { writeStatementPdf } from './pdf/statement-pdf.writer.js';
import { CustomerStatementQuery } from './queries/statement.query.js';

export interface StatementPdf {
  statement: StatementResponse;
  filename: string;
  pdf: Buffer;
}

export type Period = { from?: string; to?: string };

/** The answer when the mail server refuses or cannot be reached. */
export const STATEMENT_EMAIL_FAILED =
  'Failed to send the statement. Please check the email address and try again';

/**
 * A customer's statement as a document: read (CustomerStatementQuery), written as a PDF (PDFKit: a statement is a
 * long table, which Chromium took seconds to lay out), linked publicly (a 'customer_statement' link that opens that
 * period only) and e-mailed (the PDF attached and the public link, from the company by name with its owner as Reply-To, as invoices are).
 */
@Injectable()
export class StatementDocuments {
  private readonly logger = new Logger('StatementEmail');
  private readonly headers: CompanyHeaders;

  constructor(
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(PublicLinks) private readonly links: PublicLinks,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(FILE_STORAGE) files: FileStorage,
    @Inject(Clock) private readonly clock: Clock,
  ) {
    this.headers = new CompanyHeaders(pool, files);
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
  async link(companyId: string, customerId: string, period: Period, now = this.clock.now()) {
    const statement = await this.statement(companyId, customerId, period, now);
    const link = await this.issue(companyId, statement, now);
    return { statement, link, url: `/customer/statement/pdf/${link.token}` };
  }

  /** Sends the statement to one address: the PDF attached and a public link to it. */
  async email(companyId: string, customerId: string, period: Period, to: string, now = this.clock.now()) {
    return this.send(companyId, await this.statement(companyId, customerId, period, now), to, now);
  }

  /** Sends a statement already read (502 with the mail server's reason when it refuses). */
  async send(companyId: string, statement: StatementResponse, to: string, now: Date) {
    const { pdf, filename } = await this.render(companyId, statement, now);
    const [link, sender, timeZone] = await Promise.all([
      this.issue(companyId, statement, now),
      companySender(this.pool, companyId),
      companyTimeZone(this.pool, companyId),
    ]);
    const companyName = sender.fromName ?? (await this.header(companyId)).name;
    const message: MailMessage = {
      ...statementMessage(statement, companyName, `${this.baseUrl()}/customer/statement/pdf/${link.token}`, {
        expiresAt: link.expires_at,
        timeZone,
      }),
      ...sender,
      to: to.trim(),
      attachments: [{ filename, content: pdf, contentType: 'application/pdf' }],
    };
    try {
      await this.mail.send(message);
    } catch (error) {
      this.logger.warn(`Statement e-mail to ${to} refused: ${String(error)}`);
      throw new HttpException(
        {
          statusCode: 502,
          message: STATEMENT_EMAIL_FAILED,
          details: [{ field: 'email', message: String(error) }],
        },
        HttpStatus.BAD_GATEWAY,
      );
    }
    return { message: 'Your email has been sent', emailed_to: to.trim() };
  }

  /** Revokes every live public link to the customer's statements (any period); answers how many. */
  async revokeLinks(companyId: string, customerId: string, now = this.clock.now()): Promise<number> {
    const customer = isUuid(customerId)
      ? await findCustomer(this.pool, companyId, customerId.toLowerCase())
      : null;
    if (!customer) throw customerError('CUSTOMER_NOT_FOUND');
    return this.links.revokeAll(companyId, 'customer_statement', customer.id, now);
  }

  private issue(companyId: string, statement: StatementResponse, now: Date): Promise<IssuedLink> {
    const { from, to } = statement.period;
    return this.links.issue(
      companyId,
      'customer_statement',
      statement.customer.id,
      now,
      this.config.publicLinkDays,
      { from, to },
    );
  }

  private baseUrl(): string {
    return (this.config.appUrl ?? `http://localhost:${this.config.port}`).replace(/\/+$/, '');
  }
}

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
