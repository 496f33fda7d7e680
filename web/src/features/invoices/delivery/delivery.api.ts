import { api } from '../../../app/api';
import { fileResponse, type DownloadedFile } from '../../../shared/download';
import type { GridPage, GridQueryArgs } from '../../../shared/grid/grid-protocol';
import type {
  EmailGridRow,
  InvoiceDocumentResponse,
  InvoiceDocumentsResponse,
  InvoiceEmailLogResponse,
  PrivateNoteResponse,
  SendEmailBody,
  SendEmailResponse,
  UpdateDocumentResponse,
} from '#domain/contracts/delivery.contract';

/** The shapes of an invoice's delivery, one home for the API and the web: domain/contracts/delivery.contract.ts. */
export type {
  EmailGridRow,
  EmailStatus,
  InvoiceDocumentResponse as InvoiceDocument,
  InvoiceEmailResponse as InvoiceEmail,
  PrivateNoteResponse as PrivateNote,
  SendEmailResponse as SendEmailResult,
} from '#domain/contracts/delivery.contract';

/** The invoice's e-mail log as the view and the dialog read it: the list, and who it already went to. */
export interface InvoiceEmailLog {
  emails: InvoiceEmailLogResponse;
  /** Addresses (lower case) the invoice was sent, or is being sent, to: the dialog warns when one is listed again. */
  already_sent: string[];
}

/** Every address of the log but those that failed, lower case, sorted, once each. */
export const alreadySentOf = (emails: InvoiceEmailLogResponse): string[] =>
  [...new Set(emails.filter((e) => e.status !== 'failed').map((e) => e.emailed_to.toLowerCase()))].sort();

const EMAIL = 'InvoiceEmail' as const;
const DOCUMENTS = 'InvoiceDocuments' as const;
const EMAIL_LIST = { type: EMAIL, id: 'LIST' } as const;

const invoicePath = (invoiceId: string, rest: string) => `invoice/${encodeURIComponent(invoiceId)}/${rest}`;

export const deliveryApi = api.enhanceEndpoints({ addTagTypes: [EMAIL, DOCUMENTS] }).injectEndpoints({
  endpoints: (build) => ({
    invoiceEmails: build.query<InvoiceEmailLog, string>({
      query: (invoiceId) => invoicePath(invoiceId, 'email'),
      transformResponse: (emails: InvoiceEmailLogResponse) => ({
        emails,
        already_sent: alreadySentOf(emails),
      }),
      providesTags: (_result, _error, invoiceId) => [{ type: EMAIL, id: invoiceId }],
    }),
    emailGrid: build.query<GridPage<EmailGridRow>, GridQueryArgs>({
      query: (params) => ({ url: 'invoice/email/grid', params }),
      providesTags: [EMAIL_LIST],
    }),
    /** Waits (bounded) for the SMTP server's answer; 502 when it refused. Refused ones are logged too. */
    sendInvoiceEmail: build.mutation<
      SendEmailResponse,
      { invoiceId: string; number: string; body: SendEmailBody }
    >({
      // by the displayed number with the beer flag (as the client's specification asks)
      query: ({ number, body }) => ({ url: invoicePath(number, 'email'), method: 'POST', body }),
      invalidatesTags: (_result, _error, { invoiceId }) => [{ type: EMAIL, id: invoiceId }, EMAIL_LIST],
    }),
    invoiceDocuments: build.query<InvoiceDocumentsResponse, string>({
      query: (invoiceId) => invoicePath(invoiceId, 'document'),
      providesTags: (_result, _error, invoiceId) => [{ type: DOCUMENTS, id: invoiceId }],
    }),
    /** multipart `invoice_document` + `note`; 400 for a refused type, 413 over 5 MB. */
    uploadDocument: build.mutation<InvoiceDocumentResponse, { invoiceId: string; file: File; note: string }>({
      query: ({ invoiceId, file, note }) => {
        const form = new FormData();
        form.append('note', note);
        form.append('invoice_document', file, file.name);
        return { url: invoicePath(invoiceId, 'document'), method: 'POST', body: form };
      },
      invalidatesTags: (_result, _error, { invoiceId }) => [{ type: DOCUMENTS, id: invoiceId }],
    }),
    /** The bytes, fetched with the bearer token, as an object URL (never the raw address). */
    previewDocument: build.mutation<DownloadedFile, InvoiceDocumentResponse>({
      query: (document) => ({
        url: `invoice/document/${encodeURIComponent(document.id)}/preview`,
        responseHandler: fileResponse(document.originalname),
      }),
    }),
    updateDocument: build.mutation<
      UpdateDocumentResponse,
      { document: InvoiceDocumentResponse; originalname: string; note: string }
    >({
      query: ({ document, originalname, note }) => ({
        url: `invoice/document/${encodeURIComponent(document.id)}`,
        method: 'PUT',
        body: { originalname, note },
      }),
      invalidatesTags: (_result, _error, { document }) => [{ type: DOCUMENTS, id: document.invoice_id }],
    }),
    deleteDocument: build.mutation<void, InvoiceDocumentResponse>({
      query: (document) => ({ url: `invoice/document/${encodeURIComponent(document.id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, document) => [{ type: DOCUMENTS, id: document.invoice_id }],
    }),
    addPrivateNote: build.mutation<PrivateNoteResponse[], { invoiceId: string; note: string }>({
      query: ({ invoiceId, note }) => ({
        url: invoicePath(invoiceId, 'note'),
        method: 'POST',
        body: { note },
      }),
      invalidatesTags: (_result, _error, { invoiceId }) => [{ type: DOCUMENTS, id: invoiceId }],
    }),
    deletePrivateNote: build.mutation<PrivateNoteResponse[], { invoiceId: string; noteId: string }>({
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
