/*
 * What an invoice's delivery calls answer and take (e-mail, documents, private notes), as the API writes it and the
 * web reads it (Document, Private note). Types only: the web build imports this file too.
 */

/** queued: deferred by the mail server and being retried; sent: accepted; failed: not delivered. */
export type EmailStatus = 'queued' | 'sent' | 'failed';

/** One recipient of an invoice e-mail: a line of GET /invoice/{id}/email. */
export interface InvoiceEmailResponse {
  id: string;
  invoice_id: string;
  invoice: { number: string };
  /** The displayed invoice number. */
  number: string;
  emailed_to: string;
  notes: string;
  status: EmailStatus;
  attempts: number;
  /** Why the last attempt failed or was deferred. */
  error: string | null;
  /** ISO instant it was asked for. */
  created_at: string;
  /** ISO instant the SMTP server accepted it. */
  delivered_at: string | null;
}

/** GET /invoice/{id}/email: the list of the invoice's e-mails (one per recipient, `emailed_to`), newest first. */
export type InvoiceEmailLogResponse = InvoiceEmailResponse[];

/** A row of GET /invoice/email/grid (the /emails page). */
export type EmailGridRow = Omit<InvoiceEmailResponse, 'invoice' | 'error'>;

/** POST /invoice/{number}/email. */
export interface SendEmailBody {
  emails: string[];
  notes?: string;
  beer?: boolean;
}

/** One recipient of POST /invoice/{number}/email; the 502 body lists them too. */
export interface EmailRecipientResult {
  emailed_to: string;
  status: EmailStatus;
  error: string | null;
}

/** 200 'sent' once the server accepted every message; 202 'queued' when some were deferred (502 when one failed). */
export interface SendEmailResponse {
  status: 'sent' | 'queued';
  message: string;
  recipients: EmailRecipientResult[];
}

/** The client's specification's Document, as the view page reads it. */
export interface InvoiceDocumentResponse {
  id: string;
  invoice_id: string;
  originalname: string;
  filename: string;
  mimetype: string;
  /** Bytes. */
  size: number;
  note: string;
  /** Where the file is read (the authorised preview route under /api/v1; never the storage location). */
  path: string;
  createdAt: string;
  updatedAt: string;
}

/** The client's specification's Private note. */
export interface PrivateNoteResponse {
  id: string;
  note: string;
  createdAt: string;
}

/** GET /invoice/{id}/document. */
export interface InvoiceDocumentsResponse {
  documents: InvoiceDocumentResponse[];
  notes: PrivateNoteResponse[];
}

/** PUT /invoice/document/{id}. */
export interface UpdateDocumentResponse {
  success: boolean;
  document: InvoiceDocumentResponse;
}
