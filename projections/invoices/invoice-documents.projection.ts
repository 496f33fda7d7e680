import type { StoredEvent } from '#engine';
import {
  INVOICE_PAPERWORK_EVENT_TYPES,
  type InvoicePaperworkEvent,
} from '#domain/invoices/invoice-delivery.events.js';
import { defineProjection, ident } from '../projection.js';

/**
 * An invoice's documents and private notes (Private note). Removed ones keep their row (removed_at set) so a replay of the same events changes nothing.
 */
export const INVOICE_DOCUMENTS_SCHEMA = `
CREATE TABLE IF NOT EXISTS rm_invoice_document (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  invoice_id uuid NOT NULL,
  original_name text NOT NULL,
  file_name text NOT NULL,
  mime_type text NOT NULL,
  size_bytes integer NOT NULL,
  storage_key text NOT NULL,
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  removed_at timestamptz
);
CREATE INDEX IF NOT EXISTS rm_invoice_document_invoice_idx ON rm_invoice_document (company_id, invoice_id, created_at);
CREATE TABLE IF NOT EXISTS rm_invoice_note (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  invoice_id uuid NOT NULL,
  note text NOT NULL,
  created_at timestamptz NOT NULL,
  removed_at timestamptz
);
CREATE INDEX IF NOT EXISTS rm_invoice_note_invoice_idx ON rm_invoice_note (company_id, invoice_id, created_at);
`;

export interface InvoiceDocumentRow {
  id: string;
  company_id: string;
  invoice_id: string;
  original_name: string;
  file_name: string;
  mime_type: string;
  size_bytes: number;
  storage_key: string;
  note: string;
  created_at: Date;
  updated_at: Date;
  removed_at: Date | null;
}

export const invoiceDocumentsProjection = defineProjection({
  name: 'invoice_documents',
  version: 1,
  handles: INVOICE_PAPERWORK_EVENT_TYPES,
  tables: ['rm_invoice_document', 'rm_invoice_note'],
  async apply(tx, events: StoredEvent[], t) {
    const documents = ident(t.rm_invoice_document!);
    const notes = ident(t.rm_invoice_note!);
    for (const stored of events) {
      const event = stored as unknown as InvoicePaperworkEvent;
      switch (event.type) {
        case 'DocumentAttached': {
          const d = event.data;
          await tx.query(
            `INSERT INTO ${documents} (id, company_id, invoice_id, original_name, file_name, mime_type, size_bytes,
               storage_key, note, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) ON CONFLICT (id) DO NOTHING`,
            [
              d.documentId,
              d.companyId,
              d.invoiceId,
              d.originalName,
              d.fileName,
              d.mimeType,
              d.sizeBytes,
              d.storageKey,
              d.note,
              d.attachedAt,
            ],
          );
          break;
        }
        case 'DocumentRenamed': {
          const d = event.data;
          await tx.query(
            `UPDATE ${documents} SET original_name = $2, note = $3, updated_at = $4 WHERE id = $1 AND updated_at <= $4`,
            [d.documentId, d.originalName, d.note, d.renamedAt],
          );
          break;
        }
        case 'DocumentRemoved':
          await tx.query(`UPDATE ${documents} SET removed_at = $2 WHERE id = $1 AND removed_at IS NULL`, [
            event.data.documentId,
            event.data.removedAt,
          ]);
          break;
        case 'PrivateNoteAdded': {
          const d = event.data;
          await tx.query(
            `INSERT INTO ${notes} (id, company_id, invoice_id, note, created_at) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (id) DO NOTHING`,
            [d.noteId, d.companyId, d.invoiceId, d.note, d.addedAt],
          );
          break;
        }
        case 'PrivateNoteRemoved':
          await tx.query(`UPDATE ${notes} SET removed_at = $2 WHERE id = $1 AND removed_at IS NULL`, [
            event.data.noteId,
            event.data.removedAt,
          ]);
          break;
      }
    }
  },
});
