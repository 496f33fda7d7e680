import type {
  DocumentEmailLogResponse,
  InvoiceEmailLogResponse,
  InvoiceEmailResponse,
} from '#domain/contracts/delivery.contract.js';
import type { OtherDocumentKind } from '#domain/email/document-email.events.js';
import type pg from 'pg';
import type { InvoiceEmailRow } from '#projections/invoices/invoice-email.projection.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { defineGrid } from '#infra/grid/index.js';

const iso = (value: Date | string | null) => (value instanceof Date ? value.toISOString() : value);

export function emailLogEntry(row: InvoiceEmailRow): InvoiceEmailResponse {
  return {
    id: row.id,
    kind: row.kind ?? 'invoice',
    invoice_id: row.invoice_id,
    invoice: { number: row.number },
    number: row.number,
    document_id: row.document_id ?? null,
    customer_id: row.customer_id ?? null,
    customer_name: row.customer_name ?? null,
    // Postgres dates are read as the YYYY-MM-DD they hold (database.ts)
    period_from: row.period_from ?? null,
    period_to: row.period_to ?? null,
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

/** A credit memo's (or a customer's statements') e-mails, newest first: one entry per recipient. */
export async function documentEmailLog(
  pool: pg.Pool,
  companyId: string,
  kind: OtherDocumentKind,
  documentId: string,
): Promise<DocumentEmailLogResponse> {
  const rows = await tenantQuery<InvoiceEmailRow & Record<string, unknown>>(
    pool,
    companyId,
    `SELECT * FROM rm_invoice_email WHERE company_id = $1 AND kind = $2 AND document_id = $3
      ORDER BY created_at DESC, emailed_to LIMIT 100`,
    [kind, documentId],
  );
  return rows.map(emailLogEntry);
}

/** The `/emails` grid (as the client's specification asks): every document's e-mails, newest first. */
export const emailGrid = defineGrid({
  table: 'rm_invoice_email e',
  tenantColumn: 'e.company_id',
  keyColumn: 'e.id',
  columns: {
    id: { sql: 'e.id::text', type: 'text', sortable: false, filterable: false },
    kind: { sql: 'e.kind', type: 'set' },
    invoice_id: { sql: 'e.invoice_id', type: 'set', setType: 'uuid', sortable: false },
    document_id: { sql: 'e.document_id', type: 'set', setType: 'uuid', sortable: false },
    customer_id: { sql: 'e.customer_id', type: 'set', setType: 'uuid', sortable: false },
    customer_name: { sql: 'e.customer_name', type: 'text' },
    period_from: { sql: 'e.period_from', type: 'text', sortable: false, filterable: false },
    period_to: { sql: 'e.period_to', type: 'text', sortable: false, filterable: false },
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
