import {
  CLOVER_REQUEST_LOG_LIMIT,
  type CloverApiRequestLogEntry,
  type InvoiceResponse,
  type InvoiceSummary,
} from '#domain/contracts/invoice.contract.js';
import { isUuid } from '#domain/shared/field-rules.js';
import { businessDate } from '#domain/shared/business-date.js';
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '#domain/shared/invoice-status.js';
import { dollarsOf } from '#domain/shared/money.js';
import type { InvoiceCreditMemoResponse } from '#domain/contracts/credit-memo.contract.js';
import type { CollectedMethod, ProofOfDeliveryResponse } from '#domain/contracts/route.contract.js';
import type { InvoiceDelivery } from '#domain/invoices/invoice.state.js';
import { lineStamps, stampsNeeded } from '#domain/invoices/invoice.rules.js';
import { carriedReturned } from '#domain/stamps/goods-returns.js';
import { stampsMinus } from '#domain/stamps/stamp-ranges.js';
import type { StampHolding } from '#domain/stamps/stamp-holding.js';
import type { InvoiceRow } from '#projections/invoices/invoice.projection.js';
import { prepared, type Queryable } from '#infra/db/database.js';
import { toStampRangeResponse } from '../stamps/stamp.responses.js';
import { dueOfInvoice } from './invoice-due.js';
import { tenantQuery } from '#infra/db/tenant-query.js';

/** What is owed on an invoice: its total less its credit memos that are not void, less its payments (rm_invoice.balance_cents). */
export const owedCents = (row: Pick<InvoiceRow, 'content' | 'paid_cents' | 'credited_cents'>): number =>
  row.content.totals.totalCents - (row.credited_cents ?? 0) - row.paid_cents;

/** How many of an invoice line its credit memos that are not void credited. */
const creditedQtyOf = (row: Pick<InvoiceRow, 'credits'>, lineNo: number): number =>
  (row.credits ?? [])
    .filter((credit) => !credit.voided)
    .flatMap((credit) => credit.lines ?? [])
    .reduce((sum, line) => sum + (line.line_no === lineNo ? line.qty : 0), 0);

/** The invoice's stamps in serial order, those of returned bottles it carries again marked. */
function stampRowsOf(held: Pick<StampHolding, 'ranges' | 'reissued'>) {
  const returned = carriedReturned(held.reissued ?? [], held.ranges).flatMap((r) => r.ranges);
  const rows = [
    ...stampsMinus(held.ranges, returned).map((range) => ({ range, returned: false })),
    ...returned.map((range) => ({ range, returned: true })),
  ].sort((a, b) => a.range.rollId - b.range.rollId || a.range.from - b.range.from);
  return rows.map(({ range, returned: onReturned }) => ({
    ...toStampRangeResponse(range),
    count: range.to - range.from + 1,
    ...(onReturned ? { returned_bottles: true as const } : {}),
  }));
}

export function invoiceResponse(
  row: InvoiceRow,
  held: Pick<StampHolding, 'ranges' | 'reissued'>,
  now: string,
  timeZone: string,
  creditLawOn: boolean,
): InvoiceResponse {
  const { content } = row;
  const due = dueOfInvoice(
    {
      status: row.status,
      beer: row.beer,
      invoicedOn: content.invoicedOn,
      dueOn: content.dueOn,
      cashOnDelivery: content.customer.cashOnDelivery,
      lineTypes: content.lines.map((line) => line.type),
      deliveredOn: row.delivered_on ?? null,
    },
    businessDate(now, timeZone),
    creditLawOn,
  );
  const stampRows = stampRowsOf(held);
  return {
    id: row.id,
    company_id: row.company_id,
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
    status: due.status,
    status_label: INVOICE_STATUS_LABELS[due.status],
    statusInfo: row.status_info.map((entry) => ({
      ...entry,
      label: INVOICE_STATUS_LABELS[entry.new_status],
    })),
    invoiced_at: content.invoicedOn,
    due_at: due.dueOn,
    due_on_delivery: due.onDelivery,
    statutory_due_at: due.statutoryDueOn,
    last_day_to_pay: due.lastDayToPay,
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
      credited_qty: creditedQtyOf(row, line.lineNo),
      cost: dollarsOf(line.costCents),
      below_cost: line.priceCents < line.costCents,
      last_invoiced_price:
        line.lastInvoicedPriceCents === null ? null : dollarsOf(line.lastInvoicedPriceCents),
      stamp_case_size: line.stampCaseSize ?? null,
      stamps: lineStamps(line),
      ...(line.review
        ? {
            previousQty: line.review.previousQty,
            newQty: line.review.newQty,
            qtyChangeNote: line.review.qtyChangeNote,
            previousPrice:
              line.review.previousPriceCents === null ? null : dollarsOf(line.review.previousPriceCents),
            newPrice: line.review.newPriceCents === null ? null : dollarsOf(line.review.newPriceCents),
            priceChangeNote: line.review.priceChangeNote,
          }
        : {}),
    })),
    stamps: stampRows,
    stamp_count: stampRows.reduce((sum, range) => sum + range.count, 0),
    stamps_needed: stampsNeeded(content.lines),
    stamps_returned: content.lines
      .filter((line) => line.type === 'LIQUOR' && !line.stampCaseSize)
      .reduce((sum, line) => sum + Math.min(line.qty, creditedQtyOf(row, line.lineNo)), 0),
    payments: row.payments
      .filter((payment) => !payment.moved)
      .map((payment) => ({
        id: payment.id,
        amount: dollarsOf(payment.amount_cents),
        received_at: payment.received_on,
        note: payment.note,
        created_at: payment.logged_at,
        from_account: payment.from_account === true,
        method: (payment.method as CollectedMethod | undefined) ?? null,
        reference: payment.reference ?? null,
      })),
    credit_memos: (row.credits ?? []).map((credit) => ({
      id: credit.id,
      number: credit.number,
      reason: credit.reason as InvoiceCreditMemoResponse['reason'],
      total: dollarsOf(credit.total_cents),
      issued_on: credit.issued_on,
      status: credit.voided ? ('void' as const) : ('issued' as const),
    })),
    credited: dollarsOf(row.credited_cents ?? 0),
    paid: dollarsOf(row.paid_cents),
    credited_to_account: dollarsOf(
      row.payments.reduce((sum, payment) => sum + (payment.moved ? payment.amount_cents : 0), 0),
    ),
    balance: dollarsOf(owedCents(row)),
    remaining: dollarsOf(Math.max(0, owedCents(row))),
    orders: row.order_ids,
    replaces: row.replaces ? { id: row.replaces.invoiceId, number: row.replaces.number } : null,
    replaced_by: row.replaced_by ? { id: row.replaced_by.invoiceId, number: row.replaced_by.number } : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
    licence_warning: content.licenceWarning
      ? {
          message: content.licenceWarning.message,
          license_id: content.licenceWarning.licenceId,
          license_type: content.licenceWarning.licenceType,
          primary_status: content.licenceWarning.primaryStatus,
          expiration_date: content.licenceWarning.expirationOn,
        }
      : null,
    cloverApiRequestLog: [],
    delivery: row.delivery ? proofOfDelivery(row.id, row.delivery) : null,
    version: row.revision,
  };
}

/** The proof of delivery as answered: its images by their GET addresses (served to the same company only). */
export function proofOfDelivery(invoiceId: string, delivery: InvoiceDelivery): ProofOfDeliveryResponse {
  const base = `/api/v1/invoice/${invoiceId}/delivery`;
  return {
    delivered_at: delivery.deliveredAt,
    delivered_on: delivery.deliveredOn,
    delivered_by: { id: delivery.deliveredBy.userId, name: delivery.deliveredBy.name },
    signer_name: delivery.signerName,
    signature_url: `${base}/signature`,
    photo_url: delivery.photoId ? `${base}/photo` : null,
    means: delivery.means,
    carrier: delivery.carrier,
    outcome: delivery.outcome,
    credit_memo_ids: delivery.creditMemoIds,
    payment_ids: delivery.paymentIds,
  };
}

/**
 * The invoice's requests to Clover (its records in the Clover syncs' logs), newest first: an index probe by invoice,
 * at most CLOVER_REQUEST_LOG_LIMIT rows however many syncs the company ran.
 */
export async function cloverApiRequestLog(
  db: Queryable,
  companyId: string,
  invoiceId: string,
): Promise<CloverApiRequestLogEntry[]> {
  const rows = await tenantQuery<{
    event_id: string;
    sync_id: string;
    ok: boolean;
    data: { message: string; externalId?: string };
    created_at: Date;
  }>(
    db,
    companyId,
    prepared(`SELECT l.event_id, l.sync_id, l.ok, l.data, l.created_at
       FROM rm_integration_sync_log l
       JOIN rm_integration_sync s ON s.sync_id = l.sync_id AND s.company_id = l.company_id
      WHERE l.company_id = $1 AND l.type = 'Invoice' AND (l.data ->> 'invoiceId') = $2::text
        AND s.partner = 'clover'
      ORDER BY l.position DESC LIMIT ${CLOVER_REQUEST_LOG_LIMIT}`),
    [invoiceId],
  );
  return rows.map((row) => ({
    id: row.event_id,
    sync_id: row.sync_id,
    createdAt: row.created_at.toISOString(),
    success_log: row.ok ? { message: row.data.message } : null,
    error_log: row.ok ? null : { message: row.data.message },
    external_id: row.ok ? (row.data.externalId ?? null) : null,
  }));
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
    prepared(
      `SELECT * FROM rm_invoice WHERE company_id = $1 AND ${byId ? 'id = $2::uuid' : 'number = $2'} AND deleted_at IS NULL`,
    ),
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
    credited_cents: Number(row.credited_cents ?? 0),
    credits: row.credits ?? [],
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    deleted_at: row.deleted_at === null ? null : iso(row.deleted_at),
    revision: Number(row.revision),
  };
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
