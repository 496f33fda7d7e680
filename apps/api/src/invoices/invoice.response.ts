import { isUuid } from '../../../../domain/shared/field-rules.js';
import { businessDate } from '../../../../domain/shared/business-date.js';
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '../../../../domain/shared/invoice-status.js';
import { dollarsOf } from '../../../../domain/shared/money.js';
import { isDueOnDelivery, stampsNeeded } from '../../../../domain/invoices/invoice.rules.js';
import type { StampRange } from '../../../../domain/stamps/stamp.events.js';
import type { InvoiceRow } from '../../../../projections/invoices/invoice.projection.js';
import type { Queryable } from '../infra/db/database.js';
import { tenantQuery } from '../infra/db/tenant-query.js';

/** Spec 000 §3 Invoice item, as the screens read it (money in dollars). */
export interface InvoiceItemResponse {
  id: number;
  position: number;
  product_id: string;
  product: { id: string; product: string; product_size: string; product_type: string; upc: string | null };
  qty: number;
  price: number;
  taxable: boolean;
  on_deal: boolean;
  total: number;
  tax: number;
  cost: number;
  /** 'This item was invoiced below cost.' */
  below_cost: boolean;
  last_invoiced_price: number | null;
}

export interface InvoiceStampResponse {
  roll_id: number;
  prefix: string;
  from: number;
  to: number;
  count: number;
}

/** Spec 000 §3 Invoice. `number` is the displayed number (345, 345B, 12-345) the URLs use. */
export interface InvoiceResponse {
  id: string;
  number: string;
  sequence: number;
  beer: boolean;
  customer_id: string;
  customer: {
    id: string;
    name: string;
    display_tabc_id: string;
    address: string;
    city: string;
    state: string;
    zip: string;
    cash_on_delivery: boolean;
  };
  status: InvoiceStatus;
  status_label: string;
  statusInfo: { new_status: InvoiceStatus; label: string; created_at: string; reason: string }[];
  invoiced_at: string;
  due_at: string | null;
  /** No due date, or one a day or fewer from today (company time zone): 'Due on delivery'. */
  due_on_delivery: boolean;
  note: string;
  company_note: string;
  logo_id: string | null;
  tax_rate: number;
  sub_total: number;
  tax_total: number;
  total: number;
  items: InvoiceItemResponse[];
  stamps: InvoiceStampResponse[];
  stamp_count: number;
  stamps_needed: number;
  /** Live payments, oldest first (issue 8). */
  payments: { id: string; amount: number; received_at: string; note: string; created_at: string }[];
  paid: number;
  /** total − paid (negative when overpaid). */
  balance: number;
  /** What is left to pay, never below 0: the payment form's default amount. */
  remaining: number;
  orders: string[];
  created_at: string;
  updated_at: string;
}

export function invoiceResponse(
  row: InvoiceRow,
  stamps: StampRange[],
  now: string,
  timeZone: string,
): InvoiceResponse {
  const { content } = row;
  const stampRows = stamps.map(({ rollId, prefix, from, to }) => ({
    roll_id: rollId,
    prefix,
    from,
    to,
    count: to - from + 1,
  }));
  return {
    id: row.id,
    number: row.number,
    sequence: row.sequence,
    beer: row.beer,
    customer_id: row.customer_id,
    customer: {
      id: content.customer.id,
      name: content.customer.name,
      display_tabc_id: content.customer.tabcId,
      address: content.customer.address,
      city: content.customer.city,
      state: content.customer.state,
      zip: content.customer.zip,
      cash_on_delivery: content.customer.cashOnDelivery,
    },
    status: row.status,
    status_label: INVOICE_STATUS_LABELS[row.status],
    statusInfo: row.status_info.map((entry) => ({
      ...entry,
      label: INVOICE_STATUS_LABELS[entry.new_status],
    })),
    invoiced_at: content.invoicedOn,
    due_at: content.dueOn,
    due_on_delivery: isDueOnDelivery(content.dueOn, businessDate(now, timeZone)),
    note: content.note,
    company_note: content.companyNote,
    logo_id: content.logoId,
    tax_rate: content.taxRateBasisPoints / 100,
    sub_total: dollarsOf(content.totals.subtotalCents),
    tax_total: dollarsOf(content.totals.taxCents),
    total: dollarsOf(content.totals.totalCents),
    items: content.lines.map((line) => ({
      id: line.lineNo,
      position: line.lineNo,
      product_id: line.productId,
      product: {
        id: line.productId,
        product: line.name,
        product_size: line.size,
        product_type: line.type,
        upc: line.upc,
      },
      qty: line.qty,
      price: dollarsOf(line.priceCents),
      taxable: line.taxable,
      on_deal: line.onDeal,
      total: dollarsOf(line.totalCents),
      tax: dollarsOf(line.taxCents),
      cost: dollarsOf(line.costCents),
      below_cost: line.priceCents < line.costCents,
      last_invoiced_price:
        line.lastInvoicedPriceCents === null ? null : dollarsOf(line.lastInvoicedPriceCents),
    })),
    stamps: stampRows,
    stamp_count: stampRows.reduce((sum, range) => sum + range.count, 0),
    stamps_needed: stampsNeeded(content.lines),
    payments: row.payments.map((payment) => ({
      id: payment.id,
      amount: dollarsOf(payment.amount_cents),
      received_at: payment.received_on,
      note: payment.note,
      created_at: payment.logged_at,
    })),
    paid: dollarsOf(row.paid_cents),
    balance: dollarsOf(content.totals.totalCents - row.paid_cents),
    remaining: dollarsOf(Math.max(0, content.totals.totalCents - row.paid_cents)),
    orders: row.order_ids,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** A current (not deleted) invoice of the company by id or displayed number (`345B`, case-insensitive). */
export async function findInvoiceRow(
  db: Queryable,
  companyId: string,
  idOrNumber: string,
): Promise<InvoiceRow | null> {
  const byId = isUuid(idOrNumber);
  const [row] = await tenantQuery(
    db,
    companyId,
    `SELECT * FROM rm_invoice WHERE company_id = $1 AND ${byId ? 'id = $2::uuid' : 'number = $2'} AND deleted_at IS NULL`,
    [byId ? idOrNumber : idOrNumber.trim().toUpperCase()],
  );
  return row ? normalizeRow(row as unknown as InvoiceRow) : null;
}

/** Postgres answers bigints as text and timestamps as Dates: the row as the projection wrote it. */
export function normalizeRow(row: InvoiceRow): InvoiceRow {
  const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : (value as string));
  return {
    ...row,
    subtotal_cents: Number(row.subtotal_cents),
    tax_cents: Number(row.tax_cents),
    total_cents: Number(row.total_cents),
    paid_cents: Number(row.paid_cents),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    deleted_at: row.deleted_at === null ? null : iso(row.deleted_at),
    revision: Number(row.revision),
  };
}

/** A row of the grid, the recent list and quick search. */
export interface InvoiceSummary {
  id: string;
  number: string;
  status: InvoiceStatus;
  total: number;
  invoiced_at: string;
  due_at: string | null;
  customer_id: string;
  customer_name: string;
  created_at: string;
}

export const INVOICE_SUMMARY_SQL = `i.id, i.number, i.status, i.total_cents, i.invoiced_on, i.due_on, i.customer_id,
  i.customer_name, i.created_at`;

export function invoiceSummary(row: Record<string, unknown>): InvoiceSummary {
  return {
    id: row.id as string,
    number: row.number as string,
    status: row.status as InvoiceStatus,
    total: dollarsOf(Number(row.total_cents)),
    invoiced_at: row.invoiced_on as string,
    due_at: (row.due_on as string | null) ?? null,
    customer_id: row.customer_id as string,
    customer_name: row.customer_name as string,
    created_at: row.created_at instanceof Date ? row.created_at.toISOString() : (row.created_at as string),
  };
}
