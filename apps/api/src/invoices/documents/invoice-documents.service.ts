import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type {
  InvoiceDocumentResponse as DocumentResponse,
  InvoiceDocumentsResponse as DocumentsAndNotes,
  PrivateNoteResponse as NoteResponse,
} from '#domain/contracts/delivery.contract.js';
import {
  paperworkDecider,
  paperworkError,
  type PaperworkCommand,
} from '#domain/invoices/invoice-paperwork.decide.js';
import { invoiceStream } from '#domain/invoices/invoice.events.js';
import type { CommandMetadata } from '#domain/shared/decider.js';
import type { InvoiceDocumentRow } from '#projections/invoices/invoice-documents.projection.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { EventAppender } from '#engine';
import { FILE_STORAGE, type FileStorage } from '../../infra/files/file-storage.port.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { InvoiceReader } from '../invoice-reader.js';
import {
  DOCUMENT_TYPE_NOT_ALLOWED,
  documentName,
  sniffDocument,
  type DocumentType,
} from './document-type.js';
import { WAITS_FOR } from '../../read-your-writes.js';

export interface DocumentFile {
  document: DocumentResponse;
  content: Buffer;
  type: Pick<DocumentType, 'mimeType' | 'inline'>;
}

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : value);

/** A document's path (the client's specification's Document path): its preview route, read with the bearer token. */
export const documentPath = (id: string) => `/api/v1/invoice/document/${id}/preview`;

const documentResponse = (row: InvoiceDocumentRow): DocumentResponse => ({
  id: row.id,
  invoice_id: row.invoice_id,
  originalname: row.original_name,
  filename: row.file_name,
  mimetype: row.mime_type,
  size: Number(row.size_bytes),
  note: row.note,
  path: documentPath(row.id),
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

/** Types shown in the browser by the preview; everything else is a download. */
const INLINE = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/**
 * Documents and private notes of an invoice (as the client's specification asks). Files go to the storage port under
 * a key the server makes (`companies/{company}/invoices/{invoice}/documents/{id}.{ext}`); the events carry the key.
 * Every call names an invoice or document of the caller's company, else 404.
 */
@Injectable()
export class InvoiceDocumentsService {
  constructor(
    @Inject(InvoiceReader) private readonly reader: InvoiceReader,
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(FILE_STORAGE) private readonly files: FileStorage,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async list(companyId: string, idOrNumber: string): Promise<DocumentsAndNotes> {
    const invoice = await this.reader.row(companyId, idOrNumber);
    return this.listOf(companyId, invoice.id);
  }

  async attach(
    metadata: CommandMetadata,
    idOrNumber: string,
    upload: { filename: string; content: Buffer; note: string },
  ): Promise<DocumentResponse> {
    const { companyId } = metadata;
    const invoice = await this.reader.row(companyId, idOrNumber);
    const type = sniffDocument(upload.content, upload.filename);
    if (!type) {
      throw new BadRequestException({
        statusCode: 400,
        message: DOCUMENT_TYPE_NOT_ALLOWED,
        details: [{ field: 'invoice_document', message: DOCUMENT_TYPE_NOT_ALLOWED }],
      });
    }
    const documentId = randomUUID();
    const fileName = `${documentId}.${type.extension}`;
    const storageKey = `companies/${companyId}/invoices/${invoice.id}/documents/${fileName}`;
    await this.files.put(storageKey, upload.content);
    try {
      await this.decide(invoice.id, {
        type: 'AttachDocument',
        data: {
          documentId,
          invoiceId: invoice.id,
          originalName: documentName(upload.filename, type),
          fileName,
          mimeType: type.mimeType,
          sizeBytes: upload.content.length,
          storageKey,
          note: upload.note,
        },
        metadata,
      });
    } catch (error) {
      await this.files.delete(storageKey).catch(() => {});
      throw error;
    }
    return documentResponse(await this.documentRow(companyId, documentId));
  }

  async rename(
    metadata: CommandMetadata,
    documentId: string,
    originalName: string,
    note: string | undefined,
  ) {
    const row = await this.documentRow(metadata.companyId, documentId);
    await this.decide(row.invoice_id, {
      type: 'RenameDocument',
      data: { invoiceId: row.invoice_id, documentId, originalName, ...(note !== undefined ? { note } : {}) },
      metadata,
    });
    return documentResponse(await this.documentRow(metadata.companyId, documentId));
  }

  async remove(metadata: CommandMetadata, documentId: string): Promise<void> {
    const row = await this.documentRow(metadata.companyId, documentId);
    await this.decide(row.invoice_id, {
      type: 'RemoveDocument',
      data: { invoiceId: row.invoice_id, documentId },
      metadata,
    });
    await this.files.delete(row.storage_key);
  }

  async file(companyId: string, documentId: string): Promise<DocumentFile> {
    const row = await this.documentRow(companyId, documentId);
    const content = await this.files.get(row.storage_key);
    if (!content) throw paperworkError('DOCUMENT_NOT_FOUND');
    return {
      document: documentResponse(row),
      content,
      type: { mimeType: row.mime_type, inline: INLINE.has(row.mime_type) },
    };
  }

  async addNote(metadata: CommandMetadata, idOrNumber: string, note: string): Promise<NoteResponse[]> {
    const invoice = await this.reader.row(metadata.companyId, idOrNumber);
    await this.decide(invoice.id, {
      type: 'AddPrivateNote',
      data: { invoiceId: invoice.id, noteId: randomUUID(), note },
      metadata,
    });
    return (await this.listOf(metadata.companyId, invoice.id)).notes;
  }

  async removeNote(metadata: CommandMetadata, idOrNumber: string, noteId: string): Promise<NoteResponse[]> {
    const invoice = await this.reader.row(metadata.companyId, idOrNumber);
    await this.decide(invoice.id, {
      type: 'RemovePrivateNote',
      data: { invoiceId: invoice.id, noteId },
      metadata,
    });
    return (await this.listOf(metadata.companyId, invoice.id)).notes;
  }

  /**
   * Removes the invoice's current note with this text (and this `createdAt`, when given: notes may share a text).
   * Of several notes with the same text and no time given, the newest goes; none: 404 'Note not found'.
   */
  async removeNoteByText(
    metadata: CommandMetadata,
    idOrNumber: string,
    text: string,
    createdAt: string | undefined,
  ): Promise<NoteResponse[]> {
    const invoice = await this.reader.row(metadata.companyId, idOrNumber);
    const at = createdAt === undefined ? null : Date.parse(createdAt);
    if (at !== null && Number.isNaN(at)) throw paperworkError('NOTE_NOT_FOUND');
    const [found] = await tenantQuery<{ id: string }>(
      this.pool,
      metadata.companyId,
      `SELECT id FROM rm_invoice_note WHERE company_id = $1 AND invoice_id = $2 AND removed_at IS NULL
         AND note = $3 AND ($4::timestamptz IS NULL OR created_at = $4::timestamptz)
       ORDER BY created_at DESC, id DESC LIMIT 1`,
      [invoice.id, text, at === null ? null : new Date(at).toISOString()],
    );
    if (!found) throw paperworkError('NOTE_NOT_FOUND');
    return this.removeNote(metadata, invoice.id, found.id);
  }

  private async decide(invoiceId: string, command: PaperworkCommand) {
    await this.events.decide(paperworkDecider, invoiceStream(invoiceId), command, {
      waitFor: WAITS_FOR.paperwork,
    });
  }

  private async listOf(companyId: string, invoiceId: string): Promise<DocumentsAndNotes> {
    const [documents, notes] = await Promise.all([
      tenantQuery<InvoiceDocumentRow & Record<string, unknown>>(
        this.pool,
        companyId,
        `SELECT * FROM rm_invoice_document WHERE company_id = $1 AND invoice_id = $2 AND removed_at IS NULL
         ORDER BY created_at, id`,
        [invoiceId],
      ),
      tenantQuery<{ id: string; note: string; created_at: Date }>(
        this.pool,
        companyId,
        `SELECT id, note, created_at FROM rm_invoice_note WHERE company_id = $1 AND invoice_id = $2
         AND removed_at IS NULL ORDER BY created_at, id`,
        [invoiceId],
      ),
    ]);
    return {
      documents: documents.map(documentResponse),
      notes: notes.map((n) => ({ id: n.id, note: n.note, createdAt: iso(n.created_at) })),
    };
  }

  /** A current document of a current invoice of the company, else 404 'Document not found'. */
  private async documentRow(companyId: string, documentId: string): Promise<InvoiceDocumentRow> {
    const [row] = await tenantQuery<InvoiceDocumentRow & Record<string, unknown>>(
      this.pool,
      companyId,
      `SELECT d.* FROM rm_invoice_document d JOIN rm_invoice i ON i.id = d.invoice_id AND i.deleted_at IS NULL
       WHERE d.company_id = $1 AND d.id = $2 AND d.removed_at IS NULL`,
      [documentId],
    );
    if (!row) throw paperworkError('DOCUMENT_NOT_FOUND');
    return row;
  }
}
