import type { CompanyHeader } from '#domain/contracts/public.contract.js';
import type { StatementResponse } from '#domain/contracts/statement.contract.js';
import { fileDate } from '../../infra/pdf/pdf-format.js';
import { clockTime } from '../../infra/company-time.js';

/**
 * What the statement PDF prints: the statement and the distributor's header; each row's reference as printed (an invoice
 * number with its #; a credit memo's number, a payment on account's or a refund's own reference as it is).
 */
export type StatementPdfView = Omit<StatementResponse, 'rows'> & {
  rows: (StatementResponse['rows'][number] & { shown_reference: string })[];
  title: string;
  company: CompanyHeader;
};

const OWN_REFERENCE: ReadonlySet<string> = new Set([
  'account_payment',
  'refund',
  'credit_memo',
  'credit_memo_void',
]);

export function statementPdfView(statement: StatementResponse, company: CompanyHeader): StatementPdfView {
  return {
    ...statement,
    rows: statement.rows.map((row) => ({
      ...row,
      shown_reference: OWN_REFERENCE.has(row.kind) ? row.reference : `#${row.reference}`,
    })),
    title: `${statement.customer.name} · Statement`,
    company,
  };
}

/** The customer at the bottom of every page (the page number beside it). */
export function statementFooter(customerName: string): string {
  return `${customerName} · Statement`;
}

/**
 * `statement_{customerId}_{from}_{to}_{HHmmss}.pdf`: the customer, the period's days (dd_MMM_yyyy) and the time it was
 * printed, in the company's time zone.
 */
export function statementFileName(
  customerId: string,
  period: { from: string; to: string },
  instant: Date,
  timeZone: string,
): string {
  const safe = customerId.replace(/[^A-Za-z0-9-]/g, '') || 'customer';
  return `statement_${safe}_${fileDate(period.from)}_${fileDate(period.to)}_${clockTime(instant, timeZone)}.pdf`;
}
