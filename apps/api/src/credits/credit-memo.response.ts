import type { CreditMemoResponse } from '#domain/contracts/credit-memo.contract.js';
import { CREDIT_REASON_LABELS } from '#domain/credits/credit-memo.rules.js';
import { dollarsOf } from '#domain/shared/money.js';
import { formatRange } from '#domain/stamps/intervals.js';
import type { CreditMemoRow } from '#projections/credits/credit-memo.projection.js';

/** A memo's row as GET /credit-memo/{id} answers it. */
export function creditMemoResponse(row: CreditMemoRow): CreditMemoResponse {
  return {
    id: row.id,
    number: row.number,
    sequence: row.sequence,
    invoice_id: row.invoice_id,
    invoice_number: row.invoice_number,
    customer_id: row.customer_id,
    customer: row.customer_name,
    reason: row.reason,
    reason_label: CREDIT_REASON_LABELS[row.reason] ?? row.reason,
    note: row.note,
    lines: row.lines.map((line) => ({
      line_no: line.lineNo,
      product_id: line.productId,
      name: line.name,
      size: line.size,
      type: line.type,
      qty: line.qty,
      price: dollarsOf(line.priceCents),
      total: dollarsOf(line.totalCents),
      tax: dollarsOf(line.taxCents),
    })),
    stamps: (row.stamps ?? []).map((r) => ({
      line_no: r.lineNo,
      name: r.name,
      disposition: r.disposition,
      serials: r.ranges.map((x) => formatRange(x.prefix, x.from, x.to)),
      count: r.ranges.reduce((n, x) => n + x.to - x.from + 1, 0),
    })),
    sub_total: dollarsOf(row.subtotal_cents),
    tax_total: dollarsOf(row.tax_cents),
    total: dollarsOf(row.total_cents),
    issued_on: row.issued_on,
    issued_at: row.issued_at,
    issued_by: row.issued_by,
    status: row.status,
    voided_at: row.voided_at,
    voided_by: row.voided_by,
    void_reason: row.void_reason,
  };
}
