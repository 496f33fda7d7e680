import Handlebars from 'handlebars';
import type { CompanyHeader } from '#domain/contracts/public.contract.js';
import type { StatementResponse } from '#domain/contracts/statement.contract.js';
import { compilePdfTemplate } from '../../invoices/pdf/invoice-pdf.template.js';
import { fileDate } from '../../infra/pdf/pdf-format.js';
import { clockTime } from '../../infra/company-time.js';

/**
 * What statement.hbs reads: the statement and the distributor's header; each row's reference as printed (an invoice
 * number with its #, a payment on account's or a refund's own reference as it is).
 */
export type StatementPdfView = Omit<StatementResponse, 'rows'> & {
  rows: (StatementResponse['rows'][number] & { shown_reference: string })[];
  title: string;
  company: CompanyHeader;
};

const OWN_REFERENCE: ReadonlySet<string> = new Set(['account_payment', 'refund']);

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

let compiled: Handlebars.TemplateDelegate<StatementPdfView> | undefined;

export function renderStatementHtml(view: StatementPdfView): string {
  compiled ??= compilePdfTemplate<StatementPdfView>('statement.hbs', import.meta.url);
  return compiled(view);
}

/** The customer and the page number at the bottom of every page. */
export function statementFooter(customerName: string): string {
  const safe = Handlebars.escapeExpression(customerName);
  return `<div style="width:100%;font-size:8px;color:#616e7c;padding:0 0.5in;display:flex;justify-content:space-between;font-family:'Liberation Sans',Arial,sans-serif"><span>${safe} · Statement</span><span>Page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>`;
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
