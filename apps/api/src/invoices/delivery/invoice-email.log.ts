import type { InvoiceEmailLogResponse, InvoiceEmailResponse } from '#domain/contracts/delivery.contract.js';
import type pg from 'pg';
import type { InvoiceEmailRow } from '#projections/invoices/invoice-email.projection.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { defineGrid } from '#infra/grid/index.js';

const iso = (value: Date | string | null) => (value instanceof Date ? value.toISOString() : value);

export function emailLogEntry(row: InvoiceEmailRow): InvoiceEmailResponse {
  return {
    id: row.id,
    invoice_id: row.invoice_id,
    invoice: { number: row.number },
    number: row.number,
    emailed_to: row.emailed_to,
    notes: row.notes,
    status: row.status,
    attempts: row.attempts,
    error: row.error,
    created_at: iso(row.created_at)!,
    delivered_at: iso(row.delivered_at),
  };
}

/** The invoice's e-mail log, newest first: one entry per recipient (`emailed_to`). */
export async function emailLog(
  pool: pg.Pool,
  companyId: string,
  invoiceId: string,
): Promise<InvoiceEmailLogResponse> {
  const rows = await tenantQuery<InvoiceEmailRow & Record<string, unknown>>(
    pool,
    companyId,
    `SELECT * FROM rm_invoice_email WHERE company_id = $1 AND invoice_id = $2 ORDER BY created_at DESC, emailed_to`,
    [invoiceId],
  );
  return rows.map(emailLogEntry);
}

/** The `/emails` grid (as the client's specification asks): newest first. */
export const emailGrid = defineGrid({
  table: 'rm_invoice_email e',
  tenantColumn: 'e.company_id',
  keyColumn: 'e.id',
  columns: {
    id: { sql: 'e.id::text', type: 'text', sortable: false, filterable: false },
    invoice_id: { sql: 'e.invoice_id', type: 'set', setType: 'uuid', sortable: false },
    number: { sql: 'e.number', type: 'text' },
    emailed_to: { sql: 'e.emailed_to', type: 'text' },
    notes: { sql: 'e.notes', type: 'text' },
    status: { sql: 'e.status', type: 'set' },
    attempts: { sql: 'e.attempts', type: 'number' },
    created_at: { sql: 'e.created_at', type: 'date' },
    delivered_at: { sql: 'e.delivered_at', type: 'date' },
  },
  defaultSort: [{ colId: 'created_at', sort: 'desc' }],
});
