import type { StoredEvent } from '#engine';
import {
  INVOICE_EMAIL_EVENT_TYPES,
  type InvoiceEmailEvent,
} from '#domain/invoices/invoice-delivery.events.js';
import { DOCUMENT_EMAIL_EVENT_TYPES, type DocumentEmailEvent } from '#domain/email/document-email.events.js';
import { defineProjection, ident } from '../projection.js';

/**
 * The e-mail log (as the client's specification asks): one row per recipient of each send, with what the SMTP server
 * made of it. `status`: queued (deferred, being retried), sent (accepted), failed (refused, or every retry deferred).
 */
export const INVOICE_EMAIL_SCHEMA = `
CREATE TABLE IF NOT EXISTS rm_invoice_email (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  invoice_id uuid NOT NULL,
  number text NOT NULL,
  emailed_to text NOT NULL,
  notes text NOT NULL DEFAULT '',
  status text NOT NULL,
  attempts integer NOT NULL DEFAULT 1,
  error text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  delivered_at timestamptz
);
CREATE INDEX IF NOT EXISTS rm_invoice_email_invoice_idx ON rm_invoice_email (company_id, invoice_id, created_at);
CREATE INDEX IF NOT EXISTS rm_invoice_email_company_idx ON rm_invoice_email (company_id, created_at DESC);
`;

/**
 * The log holds every document's e-mails: invoices (`kind` invoice, `invoice_id` set), credit memos and statements
 * (`document_id` the memo or the statement's customer, `number` the memo's number or the statement's period), with
 * the customer, and the monthly statement run that asked for a statement's e-mail.
 */
export const DOCUMENT_EMAIL_COLUMNS = `
ALTER TABLE rm_invoice_email ALTER COLUMN invoice_id DROP NOT NULL;
ALTER TABLE rm_invoice_email ADD COLUMN IF NOT EXISTS kind text NOT NULL DEFAULT 'invoice';
ALTER TABLE rm_invoice_email ADD COLUMN IF NOT EXISTS document_id uuid;
ALTER TABLE rm_invoice_email ADD COLUMN IF NOT EXISTS customer_id uuid;
ALTER TABLE rm_invoice_email ADD COLUMN IF NOT EXISTS customer_name text;
ALTER TABLE rm_invoice_email ADD COLUMN IF NOT EXISTS period_from date;
ALTER TABLE rm_invoice_email ADD COLUMN IF NOT EXISTS period_to date;
ALTER TABLE rm_invoice_email ADD COLUMN IF NOT EXISTS run_id uuid;
CREATE INDEX IF NOT EXISTS rm_invoice_email_document_idx
  ON rm_invoice_email (company_id, kind, document_id, created_at) WHERE document_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS rm_invoice_email_run_idx ON rm_invoice_email (company_id, run_id) WHERE run_id IS NOT NULL;
`;

export type InvoiceEmailStatus = 'queued' | 'sent' | 'failed';

export interface InvoiceEmailRow {
  id: string;
  company_id: string;
  /** Null for a credit memo's or a statement's e-mail. */
  invoice_id: string | null;
  kind: 'invoice' | 'credit_memo' | 'statement';
  document_id: string | null;
  customer_id: string | null;
  customer_name: string | null;
  period_from: string | null;
  period_to: string | null;
  run_id: string | null;
  number: string;
  emailed_to: string;
  notes: string;
  status: InvoiceEmailStatus;
  attempts: number;
  error: string | null;
  created_at: Date;
  updated_at: Date;
  delivered_at: Date | null;
}

/**
 * Rows are inserted once (by e-mail id) and later events only move a row forward in time: re-delivery is harmless.
 * The e-mails of credit memos and statements joined the log later with their own event types (no event of them
 * predates it, so the version stays).
 */
export const invoiceEmailProjection = defineProjection({
  name: 'invoice_email',
  version: 1,
  handles: [...INVOICE_EMAIL_EVENT_TYPES, ...DOCUMENT_EMAIL_EVENT_TYPES],
  tables: ['rm_invoice_email'],
  async apply(tx, events: StoredEvent[], t) {
    const table = ident(t.rm_invoice_email!);
    for (const stored of events) {
      const event = stored as unknown as InvoiceEmailEvent | DocumentEmailEvent;
      switch (event.type) {
        case 'DocumentEmailed': {
          const d = event.data;
          const doc = d.document;
          await tx.query(
            `INSERT INTO ${table} (id, company_id, invoice_id, kind, document_id, customer_id, customer_name,
               period_from, period_to, run_id, number, emailed_to, notes, status, attempts, error, created_at,
               updated_at, delivered_at)
             VALUES ($1, $2, NULL, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 1, $14, $15, $15,
                     CASE WHEN $13 = 'sent' THEN $15::timestamptz END)
             ON CONFLICT (id) DO NOTHING`,
            [
              d.emailId,
              d.companyId,
              doc.kind,
              doc.id,
              doc.customerId,
              doc.customerName,
              doc.period?.from ?? null,
              doc.period?.to ?? null,
              d.runId,
              doc.reference,
              d.to,
              d.notes,
              d.status,
              d.error,
              d.emailedAt,
            ],
          );
          break;
        }
        case 'InvoiceEmailed': {
          const d = event.data;
          await tx.query(
            `INSERT INTO ${table} (id, company_id, invoice_id, number, emailed_to, notes, status, attempts, error,
               created_at, updated_at, delivered_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8, $9, $9, CASE WHEN $7 = 'sent' THEN $9::timestamptz END)
             ON CONFLICT (id) DO NOTHING`,
            [d.emailId, d.companyId, d.invoiceId, d.number, d.to, d.notes, d.status, d.error, d.emailedAt],
          );
          break;
        }
        case 'InvoiceEmailDeferred':
        case 'DocumentEmailDeferred': {
          const d = event.data;
          await tx.query(
            `UPDATE ${table} SET status = 'queued', attempts = $2, error = $3, updated_at = $4
             WHERE id = $1 AND updated_at <= $4`,
            [d.emailId, d.attempts, d.error, d.deferredAt],
          );
          break;
        }
        case 'InvoiceEmailDelivered':
        case 'DocumentEmailDelivered': {
          const d = event.data;
          await tx.query(
            `UPDATE ${table} SET status = 'sent', attempts = $2, error = NULL, updated_at = $3, delivered_at = $3
             WHERE id = $1 AND updated_at <= $3`,
            [d.emailId, d.attempts, d.deliveredAt],
          );
          break;
        }
        case 'InvoiceEmailFailed':
        case 'DocumentEmailFailed': {
          const d = event.data;
          await tx.query(
            `UPDATE ${table} SET status = 'failed', attempts = $2, error = $3, updated_at = $4
             WHERE id = $1 AND updated_at <= $4`,
            [d.emailId, d.attempts, d.error, d.failedAt],
          );
          break;
        }
      }
    }
  },
});
