import { HttpException, HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import type pg from 'pg';
import type { CreditMemoEmailResponse, CreditMemoResponse } from '#domain/contracts/credit-memo.contract.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { escapeHtml } from '../../infra/mail/mail-inbox.js';
import { MAIL_PORT, type MailMessage, type MailPort } from '../../infra/mail/mail.port.js';
import { displayDate, money } from '../../infra/pdf/pdf-format.js';
import { companySender } from '../../invoices/delivery/invoice-email.service.js';
import { CreditMemoReader } from '../queries/credit-memo.reader.js';
import { CreditMemoPdfService } from './credit-memo-pdf.js';

/** The answer when the mail server refuses or cannot be reached. */
export const CREDIT_MEMO_EMAIL_FAILED =
  'Failed to send the credit memo. Please check the email address and try again';

/**
 * A credit memo e-mailed as invoices and statements are: its PDF attached, from the company by name with its owner
 * as Reply-To. A memo of another company is not found (404); a refusal of the mail server is a 502 and sends nothing.
 */
@Injectable()
export class CreditMemoEmailService {
  private readonly logger = new Logger('CreditMemoEmail');

  constructor(
    @Inject(CreditMemoReader) private readonly memos: CreditMemoReader,
    @Inject(CreditMemoPdfService) private readonly pdfs: CreditMemoPdfService,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async email(companyId: string, id: string, to: string): Promise<CreditMemoEmailResponse> {
    const memo = await this.memos.read(companyId, id);
    const [{ pdf, filename }, sender] = await Promise.all([
      this.pdfs.print(companyId, memo.id),
      companySender(this.pool, companyId),
    ]);
    const message: MailMessage = {
      ...creditMemoMessage(memo, sender.fromName ?? ''),
      ...sender,
      to: to.trim(),
      attachments: [{ filename, content: pdf, contentType: 'application/pdf' }],
    };
    try {
      await this.mail.send(message);
    } catch (error) {
      this.logger.warn(`Credit memo e-mail to ${to} refused: ${String(error)}`);
      throw new HttpException(
        {
          statusCode: 502,
          message: CREDIT_MEMO_EMAIL_FAILED,
          details: [{ field: 'email', message: String(error) }],
        },
        HttpStatus.BAD_GATEWAY,
      );
    }
    return { message: 'Your email has been sent', emailed_to: to.trim() };
  }
}

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
