import Handlebars from 'handlebars';
import type { CompanyHeader } from '#domain/contracts/public.contract.js';
import { compilePdfTemplate } from '../../invoices/pdf/invoice-pdf.template.js';
import { fileDate } from '../../infra/pdf/pdf-format.js';
import { clockTime } from '../../infra/company-time.js';
import type { CustomerBalanceResponse as CustomerBalance } from '#domain/contracts/payment.contract.js';

/** What balance.hbs reads: the balance, the distributor's header and the sums of the open invoices. */
export type BalancePdfView = CustomerBalance & {
  title: string;
  company: CompanyHeader;
  /** the statement's business date (yyyy-MM-dd, company time zone) */
  as_of: string;
  total: number;
  credited: number;
  /** some open invoice has credit memos: the Credited column and total show */
  anyCredited: boolean;
  paid: number;
  single: boolean;
  invoices: (CustomerBalance['invoices'][number] & { status_label: string })[];
};

const cents = (value: number) => Math.round(value * 100);

/** 'partially_paid' → 'Partially Paid'. */
export const statusLabel = (status: string) =>
  status
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

export function balancePdfView(
  balance: CustomerBalance,
  company: CompanyHeader,
  asOf: string,
): BalancePdfView {
  return {
    ...balance,
    title: `${balance.customer.name} · Balance`,
    company,
    as_of: asOf,
    total: balance.invoices.reduce((sum, invoice) => sum + cents(invoice.total), 0) / 100,
    credited: balance.invoices.reduce((sum, invoice) => sum + cents(invoice.credited ?? 0), 0) / 100,
    anyCredited: balance.invoices.some((invoice) => (invoice.credited ?? 0) > 0),
    paid: balance.invoices.reduce((sum, invoice) => sum + cents(invoice.paid), 0) / 100,
    single: balance.invoices.length === 1,
    invoices: balance.invoices.map((invoice) => ({ ...invoice, status_label: statusLabel(invoice.status) })),
  };
}

let compiled: Handlebars.TemplateDelegate<BalancePdfView> | undefined;

export function renderBalanceHtml(view: BalancePdfView): string {
  compiled ??= compilePdfTemplate<BalancePdfView>('balance.hbs', import.meta.url);
  return compiled(view);
}

/** Page numbers at the bottom of every page. */
export function balanceFooter(customerName: string): string {
  const safe = Handlebars.escapeExpression(customerName);
  return `<div style="width:100%;font-size:8px;color:#616e7c;padding:0 0.5in;display:flex;justify-content:space-between;font-family:'Liberation Sans',Arial,sans-serif"><span>${safe} · Balance</span><span>Page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>`;
}

/**
 * The balance PDF's file name: the customer id and a timestamp, `balance_{customerId}_{dd_MMM_yyyy}_{HHmmss}.pdf`
 * (the company's time zone). `businessDay` is the instant's date in that zone.
 */
export function balanceFileName(
  customerId: string,
  businessDay: string,
  instant: Date,
  timeZone: string,
): string {
  const safe = customerId.replace(/[^A-Za-z0-9-]/g, '') || 'customer';
  return `balance_${safe}_${fileDate(businessDay)}_${clockTime(instant, timeZone)}.pdf`;
}
