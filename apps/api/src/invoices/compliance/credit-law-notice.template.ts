import Handlebars from 'handlebars';
import type { InvoiceCreditLawResponse } from '#domain/contracts/credit-law.contract.js';
import type { InvoiceResponse } from '#domain/contracts/invoice.contract.js';
import type { CompanyHeader } from '#domain/contracts/public.contract.js';
import { compilePdfTemplate } from '../pdf/invoice-pdf.template.js';
import { displayDate } from '../../infra/pdf/pdf-format.js';

export type NoticeKind = 'notice' | 'release';

export interface CreditLawNoticeInput {
  kind: NoticeKind;
  invoice: InvoiceResponse;
  company: CompanyHeader;
  credit: InvoiceCreditLawResponse;
  today: string;
}

interface NoticeView extends CreditLawNoticeInput {
  title: string;
  heading: string;
  unpaid: number;
  paragraphs: string[];
}

let compiled: Handlebars.TemplateDelegate<NoticeView> | undefined;

/**
 * The delinquency notice (Alco. Bev. Code §102.32(d): the seller reports a delinquent retailer in writing) and its
 * release: both parties with their TABC permits and addresses, the invoice with its date of purchase, statutory due
 * date, last day to pay and the amounts, and the statement.
 */
export function renderCreditLawNotice(input: CreditLawNoticeInput): string {
  compiled ??= compilePdfTemplate<NoticeView>('credit-law-notice.hbs', import.meta.url);
  const { invoice, credit, kind } = input;
  const lastPayment = invoice.payments
    .map((payment) => payment.received_at)
    .sort()
    .at(-1);
  const paragraphs =
    kind === 'notice'
      ? [
          `The retailer above is delinquent in the payment of its account for liquor (Texas Alcoholic Beverage Code §102.32(d); 16 TAC §45.121). Payment for this purchase was due on ${displayDate(credit.statutory_due_at)} and was not received by the 4th business day after that date (${displayDate(credit.last_day_to_pay)}); the account is delinquent since ${displayDate(credit.delinquent_on)}.`,
          'No liquor will be sold to the retailer until the account is paid in full and the Commission has released it.',
        ]
      : [
          `The account reported delinquent for this invoice has been paid in full${lastPayment ? ` on ${displayDate(lastPayment)}` : ''}. The retailer is no longer delinquent to the seller on it; the seller asks the Commission to release the retailer from the credit law delinquent list for this account.`,
        ];
  return compiled({
    ...input,
    title: `${kind === 'notice' ? 'Delinquency notice' : 'Delinquency release'} · #${invoice.number}`,
    heading: kind === 'notice' ? 'Delinquency notice' : 'Delinquency release',
    unpaid: Math.max(0, invoice.balance),
    paragraphs,
  });
}

export function creditLawFooter(kind: NoticeKind, number: string): string {
  const safe = Handlebars.escapeExpression(number);
  const label = kind === 'notice' ? 'Delinquency notice' : 'Delinquency release';
  return `<div style="width:100%;font-size:8px;color:#616e7c;padding:0 0.5in;display:flex;justify-content:space-between;font-family:'Liberation Sans',Arial,sans-serif"><span>${label} · invoice #${safe}</span><span>Page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>`;
}
