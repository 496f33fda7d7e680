import { api } from '../../../app/api';
import { fileResponse, type DownloadedFile } from '../../../shared/download';
import type { GridPage, GridQueryArgs } from '../../../shared/grid/grid-protocol';

/** How far one e-mail got: the SMTP server accepted it, deferred it (retried in the background) or refused it. */
export type EmailStatus = 'queued' | 'sent' | 'failed';

/** One recipient of an invoice e-mail (spec 000 §3 Email log). */
export interface InvoiceEmail {
  id: string;
  /** the displayed invoice number */
  number: string;
  emailed_to: string;
  notes: string;
  status: EmailStatus;
  attempts: number;
  /** why the last attempt failed or was deferred */
  error: string | null;
  /** ISO instant it was asked for */
  created_at: string;
  /** ISO instant the SMTP server accepted it */
  delivered_at: string | null;
}

/** GET /invoice/{id}/email: the invoice's e-mails and the (lower-case) addresses it was already sent to. */
export interface InvoiceEmailLog {
  emails: InvoiceEmail[];
  already_sent: string[];
}

/** A row of GET /invoice/email/grid (the /emails page). */
export interface EmailGridRow extends InvoiceEmail {
  invoice_id: string;
}

/** POST /invoice/{id}/email. */
export interface SendEmailBody {
  emails: string[];
  notes?: string;
  beer?: boolean;
}

/** 200 'sent' once the server accepted every message; 202 'queued' when some were deferred. */
export interface SendEmailResult {
  status: 'sent' | 'queued';
  message: string;
  recipients: { emailed_to: string; status: EmailStatus }[];
}

/** Spec 000 §3 Document. */
export interface InvoiceDocument {
  id: string;
  invoice_id: string;
  originalname: string;
  filename: string;
  mimetype: string;
  /** bytes */
  size: number;
  note: string;
  createdAt: string;
  updatedAt: string;
}

/** Spec 000 §3 Private note. */
export interface PrivateNote {
  id: string;
  note: string;
  createdAt: string;
}

/** GET /invoice/{id}/document. */
export interface InvoiceDocuments {
  documents: InvoiceDocument[];
  notes: PrivateNote[];
}

const EMAIL = 'InvoiceEmail' as const;
const DOCUMENTS = 'InvoiceDocuments' as const;
const EMAIL_LIST = { type: EMAIL, id: 'LIST' } as const;

const invoicePath = (invoiceId: string, rest: string) => `invoice/${encodeURIComponent(invoiceId)}/${rest}`;

export const deliveryApi = api.enhanceEndpoints({ addTagTypes: [EMAIL, DOCUMENTS] }).injectEndpoints({
  endpoints: (build) => ({
    invoiceEmails: build.query<InvoiceEmailLog, string>({
      query: (invoiceId) => invoicePath(invoiceId, 'email'),
      providesTags: (_result, _error, invoiceId) => [{ type: EMAIL, id: invoiceId }],
    }),
    emailGrid: build.query<GridPage<EmailGridRow>, GridQueryArgs>({
      query: (params) => ({ url: 'invoice/email/grid', params }),
      providesTags: [EMAIL_LIST],
    }),
    /** Waits (bounded) for the SMTP server's answer; 502 when it refused. Refused ones are logged too. */
    sendInvoiceEmail: build.mutation<
      SendEmailResult,
      { invoiceId: string; number: string; body: SendEmailBody }
    >({
      // by the displayed number with the beer flag (spec 000 §7)
      query: ({ number, body }) => ({ url: invoicePath(number, 'email'), method: 'POST', body }),
      invalidatesTags: (_result, _error, { invoiceId }) => [{ type: EMAIL, id: invoiceId }, EMAIL_LIST],
    }),
    invoiceDocuments: build.query<InvoiceDocuments, string>({
      query: (invoiceId) => invoicePath(invoiceId, 'document'),
      providesTags: (_result, _error, invoiceId) => [{ type: DOCUMENTS, id: invoiceId }],
    }),
    /** multipart `invoice_document` + `note`; 400 for a refused type, 413 over 5 MB. */
    uploadDocument: build.mutation<InvoiceDocument, { invoiceId: string; file: File; note: string }>({
      query: ({ invoiceId, file, note }) => {
        const form = new FormData();
        form.append('note', note);
        form.append('invoice_document', file, file.name);
        return { url: invoicePath(invoiceId, 'document'), method: 'POST', body: form };
      },
      invalidatesTags: (_result, _error, { invoiceId }) => [{ type: DOCUMENTS, id: invoiceId }],
    }),
    /** The bytes, fetched with the bearer token, as an object URL (never the raw address). */
    previewDocument: build.mutation<DownloadedFile, InvoiceDocument>({
      query: (document) => ({
        url: `invoice/document/${encodeURIComponent(document.id)}/preview`,
        responseHandler: fileResponse(document.originalname),
      }),
    }),
    updateDocument: build.mutation<
      { success: boolean; document: InvoiceDocument },
      { document: InvoiceDocument; originalname: string; note: string }
    >({
      query: ({ document, originalname, note }) => ({
        url: `invoice/document/${encodeURIComponent(document.id)}`,
        method: 'PUT',
        body: { originalname, note },
      }),
      invalidatesTags: (_result, _error, { document }) => [{ type: DOCUMENTS, id: document.invoice_id }],
    }),
    deleteDocument: build.mutation<void, InvoiceDocument>({
      query: (document) => ({ url: `invoice/document/${encodeURIComponent(document.id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, document) => [{ type: DOCUMENTS, id: document.invoice_id }],
    }),
    addPrivateNote: build.mutation<PrivateNote[], { invoiceId: string; note: string }>({
      query: ({ invoiceId, note }) => ({
        url: invoicePath(invoiceId, 'note'),
        method: 'POST',
        body: { note },
      }),
      invalidatesTags: (_result, _error, { invoiceId }) => [{ type: DOCUMENTS, id: invoiceId }],
    }),
    deletePrivateNote: build.mutation<PrivateNote[], { invoiceId: string; noteId: string }>({
      query: ({ invoiceId, noteId }) => ({
        url: invoicePath(invoiceId, 'note'),
        method: 'DELETE',
        params: { id: noteId },
      }),
      invalidatesTags: (_result, _error, { invoiceId }) => [{ type: DOCUMENTS, id: invoiceId }],
    }),
  }),
});

export const {
  useInvoiceEmailsQuery,
  useEmailGridQuery,
  useSendInvoiceEmailMutation,
  useInvoiceDocumentsQuery,
  useUploadDocumentMutation,
  usePreviewDocumentMutation,
  useUpdateDocumentMutation,
  useDeleteDocumentMutation,
  useAddPrivateNoteMutation,
  useDeletePrivateNoteMutation,
} = deliveryApi;
