import { HttpException, HttpStatus, Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type pg from 'pg';
import type { CreditMemoEmailResponse, CreditMemoResponse } from '#domain/contracts/credit-memo.contract.js';
import type { DocumentEmailLogResponse } from '#domain/contracts/delivery.contract.js';
import type { EmailDelivery, EmailRef } from '#domain/email/document-email.decide.js';
import type { EmailedDocument } from '#domain/email/document-email.events.js';
import type { CommandMetadata } from '#domain/shared/decider.js';
import { PG_POOL } from '#infra/projections.provider.js';
import {
  companySender,
  DocumentEmails,
  EMAIL_QUEUED,
  EMAIL_SENT,
  type EmailComposer,
} from '../../delivery/document-emails.js';
import { escapeHtml } from '../../infra/mail/mail-inbox.js';
import type { MailMessage } from '../../infra/mail/mail.port.js';
import { displayDate, money } from '../../infra/pdf/pdf-format.js';
import { documentEmailLog } from '../../invoices/delivery/invoice-email.log.js';
import { CreditMemoReader } from '../queries/credit-memo.reader.js';
import { CreditMemoPdfService } from './credit-memo-pdf.js';

/** The answer when the mail server refuses the message. */
export const CREDIT_MEMO_EMAIL_FAILED =
  'Failed to send the credit memo. Please check the email address and try again';

/**
 * A credit memo e-mailed as invoices and statements are: its PDF attached, from the company by name with its owner
 * as Reply-To, through the e-mail machinery invoices use (DocumentEmails): the send and the mail server's answer are
 * recorded in the e-mail log and the activity log, a deferred message is retried in the background. A memo of
 * another company is not found (404); a refusal of the mail server is a 502.
 */
@Injectable()
export class CreditMemoEmailService implements OnModuleInit, EmailComposer {
  constructor(
    @Inject(CreditMemoReader) private readonly memos: CreditMemoReader,
    @Inject(CreditMemoPdfService) private readonly pdfs: CreditMemoPdfService,
    @Inject(DocumentEmails) private readonly emails: DocumentEmails,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  onModuleInit(): void {
    this.emails.register('credit_memo', this);
  }

  /** Sends the memo to one address as the e-mail `emailId` (a retried request with the same id sends nothing). */
  async email(
    metadata: CommandMetadata,
    id: string,
    to: string,
    emailId: string,
  ): Promise<CreditMemoEmailResponse> {
    const memo = await this.memos.read(metadata.companyId, id);
    const message = await this.compose(metadata.companyId, memo);
    const recipient = to.trim();
    const result = await this.emails.send(metadata, {
      emailId,
      document: emailedMemo(memo),
      to: recipient,
      notes: '',
      runId: null,
      message,
    });
    if (result.status === 'failed')
      throw new HttpException(
        {
          statusCode: 502,
          message: CREDIT_MEMO_EMAIL_FAILED,
          details: [{ field: 'email', message: result.error ?? 'Refused by the mail server' }],
        },
        HttpStatus.BAD_GATEWAY,
      );
    return {
      message: result.status === 'sent' ? EMAIL_SENT : EMAIL_QUEUED,
      emailed_to: recipient,
      status: result.status,
      email_id: result.emailId,
    };
  }

  /** The memo's e-mails, newest first (404 for another company's memo). */
  async log(companyId: string, id: string): Promise<DocumentEmailLogResponse> {
    const memo = await this.memos.read(companyId, id);
    return documentEmailLog(this.pool, companyId, 'credit_memo', memo.id);
  }

  /** A retry resumed after a restart: the memo as it is now (a void memo says so). */
  async rebuild(companyId: string, ref: EmailRef, email: EmailDelivery): Promise<MailMessage> {
    const memo = await this.memos.read(companyId, ref.documentId);
    return { ...(await this.compose(companyId, memo)), to: email.to };
  }

  private async compose(companyId: string, memo: CreditMemoResponse): Promise<Omit<MailMessage, 'to'>> {
    const [{ pdf, filename }, sender] = await Promise.all([
      this.pdfs.print(companyId, memo.id),
      companySender(this.pool, companyId),
    ]);
    return {
      ...creditMemoMessage(memo, sender.fromName ?? ''),
      ...sender,
      attachments: [{ filename, content: pdf, contentType: 'application/pdf' }],
    };
  }
}

/** The memo as the e-mail log and the activity log name it. */
export const emailedMemo = (memo: CreditMemoResponse): EmailedDocument => ({
  kind: 'credit_memo',
  id: memo.id,
  reference: memo.number,
  customerId: memo.customer_id,
  customerName: memo.customer,
  invoiceId: memo.invoice_id,
  invoiceNumber: memo.invoice_number,
  period: null,
});

/** The memo's e-mail: its number, invoice, amount and reason; a void memo says so. */
export function creditMemoMessage(memo: CreditMemoResponse, companyName: string): Omit<MailMessage, 'to'> {
  const from = companyName ? ` from ${companyName}` : '';
  const summary = `Please find attached credit memo ${memo.number}${from}, issued ${displayDate(memo.issued_on)} on invoice #${memo.invoice_number} for ${money(memo.total)} (${memo.reason_label}).`;
  const voided = memo.status === 'void' ? 'This credit memo is void: it no longer counts.' : '';
  const text = [
    'Hello,',
    '',
    summary,
    ...(voided ? ['', voided] : []),
    '',
    'Thank you for your business.',
    companyName,
  ]
    .join('\n')
    .trimEnd();
  const html = `<p>Hello,</p>
<p>${escapeHtml(summary)}</p>${voided ? `\n<p><strong>${escapeHtml(voided)}</strong></p>` : ''}
<p>Thank you for your business.<br>${escapeHtml(companyName)}</p>`;
  return { subject: `Credit memo ${memo.number}${from}`, text, html };
}
