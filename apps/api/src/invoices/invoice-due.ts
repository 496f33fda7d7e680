import { withComplianceDefaults, type CompliancePolicy } from '#domain/companies/compliance-policy.js';
import { creditLawApplies } from '#domain/invoices/credit-law.js';
import { invoiceDue, type InvoiceDue } from '#domain/invoices/payment-terms.js';
import type { ProductType } from '#domain/products/product.rules.js';
import { businessDate, DEFAULT_TIME_ZONE } from '#domain/shared/business-date.js';
import type { InvoiceStatus } from '#domain/shared/invoice-status.js';
import type { Queryable } from '#infra/db/database.js';
import type { GridContext } from '#infra/grid/index.js';
import { tenantQuery } from '#infra/db/tenant-query.js';

/** SQL: the credit law's due date of an invoice dated `day` — the 25th for the 1st–15th, else the next month's 10th. */
export const statutoryDueSql = (day: string) =>
  `(CASE WHEN extract(day FROM ${day}) <= 15
     THEN make_date(extract(year FROM ${day})::int, extract(month FROM ${day})::int, 25)
     ELSE (make_date(extract(year FROM ${day})::int, extract(month FROM ${day})::int, 10) + interval '1 month')::date END)`;

/** SQL: the date of purchase of an rm_invoice row — the delivery date once delivered, else the invoice date. */
export const purchaseDaySql = (alias: string) => `coalesce(${alias}.delivered_on, ${alias}.invoiced_on)`;

/**
 * SQL: the typed due date counted from the delivery (`dueFromDelivery`): moved by the days from the invoice date to
 * the delivery date, never earlier; none typed → the delivery date; not delivered → as typed.
 */
export const typedDueSql = (alias: string) =>
  `(CASE WHEN ${alias}.delivered_on IS NULL THEN ${alias}.due_on
     WHEN ${alias}.due_on IS NULL THEN ${alias}.delivered_on
     ELSE ${alias}.due_on + greatest(0, ${alias}.delivered_on - ${alias}.invoiced_on) END)`;

/** The statuses an invoice can be overdue in (shown as payment due once its due date has passed). */
const OVERDUE_STATUSES: readonly string[] = ['invoiced', 'delivered', 'payment_due_soon', 'payment_due'];
const OVERDUE_FROM = `(${OVERDUE_STATUSES.map((status) => `'${status}'`).join(', ')})`;

/**
 * SQL: the due date a row shows — the typed one, or, with the company's credit-law calendar on, the law's earlier
 * date for an invoice the law dates.
 */
export function shownDueSql(alias: string) {
  const typed = typedDueSql(alias);
  const statutory = statutoryDueSql(purchaseDaySql(alias));
  return (context: GridContext): string =>
    context.creditLaw
      ? `(CASE WHEN ${alias}.credit_subject AND ${typed} > ${statutory} THEN ${statutory} ELSE ${typed} END)`
      : typed;
}

/**
 * A status filter over an rm_invoice row `alias` that picks what lists show (`dueOfRow`): an open invoice whose due
 * date (the credit law's when that is earlier and the law dates it) has passed shows as payment due, whatever its
 * stored status. `context` carries the company's `today` and whether its credit-law calendar is on (`dueClock`).
 */
export function shownStatusCondition(alias: string) {
  const shownDue = shownDueSql(alias);
  return (value: string, bind: (value: unknown) => string, context: GridContext) => {
    // a status an invoice is never overdue in (paid, cancelled) is shown as stored: no due date to work out per row
    if (!OVERDUE_STATUSES.includes(value)) return `${alias}.status = ${bind(value)}`;
    const overdue = `(${alias}.status IN ${OVERDUE_FROM} AND ${shownDue(context)} < ${bind(context.today)}::date)`;
    if (value === 'payment_due') return `(${alias}.status = 'payment_due' OR ${overdue})`;
    return `(${alias}.status = ${bind(value)} AND NOT coalesce(${overdue}, false))`;
  };
}

/** The company's today (in its time zone) and whether its credit-law calendar is on: one row read. */
export async function dueClock(
  db: Queryable,
  companyId: string,
  now: string,
): Promise<{ today: string; timeZone: string; creditLaw: boolean }> {
  const [row] = await tenantQuery<{ time_zone: string | null; compliance: Partial<CompliancePolicy> | null }>(
    db,
    companyId,
    'SELECT time_zone, compliance FROM rm_company WHERE company_id = $1 AND id = $1',
  );
  const timeZone = row?.time_zone || DEFAULT_TIME_ZONE;
  return {
    today: businessDate(now, timeZone),
    timeZone,
    creditLaw: withComplianceDefaults(row?.compliance).creditLaw === 'advisory',
  };
}

/** A listed invoice's due date and status, the same computation as the invoice page's (`invoiceDue`). */
export function dueOfRow(
  row: {
    status: string;
    invoiced_on: string;
    due_on: string | null;
    credit_subject: boolean;
    delivered_on?: string | null;
  },
  today: string,
  creditLawOn: boolean,
): InvoiceDue {
  const status = row.status as InvoiceStatus;
  return invoiceDue(
    {
      status,
      invoicedOn: row.invoiced_on,
      dueOn: row.due_on,
      deliveredOn: row.delivered_on ?? null,
      creditLaw: creditLawOn && row.credit_subject && status !== 'draft' && status !== 'cancelled',
    },
    today,
  );
}

/** One invoice's due date and status from its content. */
export function dueOfInvoice(
  invoice: {
    status: InvoiceStatus;
    beer: boolean;
    invoicedOn: string;
    dueOn: string | null;
    cashOnDelivery: boolean;
    lineTypes: readonly string[];
    deliveredOn?: string | null;
  },
  today: string,
  creditLawOn: boolean,
): InvoiceDue {
  const creditLaw =
    creditLawOn &&
    creditLawApplies({
      beer: invoice.beer,
      cashOnDelivery: invoice.cashOnDelivery,
      lineTypes: invoice.lineTypes as ProductType[],
      status: invoice.status,
    });
  return invoiceDue(
    {
      status: invoice.status,
      invoicedOn: invoice.invoicedOn,
      dueOn: invoice.dueOn,
      deliveredOn: invoice.deliveredOn ?? null,
      creditLaw,
    },
    today,
  );
}
