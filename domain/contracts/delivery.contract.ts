/*
 * What an invoice's delivery calls answer and take (e-mail, documents, private notes), as the API writes it and the
 * web reads it (Document, Private note). Types only: the web build imports this file too.
 */

/** queued: deferred by the mail server and being retried; sent: accepted; failed: not delivered. */
export type EmailStatus = 'queued' | 'sent' | 'failed';

/** What an e-mail carried. */
export type EmailDocumentKind = 'invoice' | 'credit_memo' | 'statement';

/**
 * One recipient of a document's e-mail: a line of GET /invoice/{id}/email (an invoice's), GET /credit-memo/{id}/email
 * (a credit memo's) and of the e-mail log.
 */
export interface InvoiceEmailResponse {
  id: string;
  kind: EmailDocumentKind;
  /** The invoice e-mailed; null for a credit memo's or a statement's e-mail. */
  invoice_id: string | null;
  invoice: { number: string };
  /** The displayed invoice number, the credit memo's number (CM-1001), or a statement's period (YYYY-MM-DD..YYYY-MM-DD). */
  number: string;
  /** The credit memo e-mailed, or the statement's customer; null for an invoice's e-mail. */
  document_id: string | null;
  /** The customer of a credit memo's or a statement's e-mail. */
  customer_id: string | null;
  customer_name: string | null;
  /** A statement's period. */
  period_from: string | null;
  period_to: string | null;
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

/** GET /credit-memo/{id}/email: the memo's e-mails, one per recipient, newest first. */
export type DocumentEmailLogResponse = InvoiceEmailResponse[];

/** A row of GET /invoice/email/grid (the /emails page): every document's e-mails. */
export type EmailGridRow = Omit<InvoiceEmailResponse, 'invoice' | 'error'>;

/**
 * POST /credit-memo/{id}/email and POST /customer/{id}/statement/email: 200 `sent` when the mail server took it, 202
 * `queued` when it deferred it (retried in the background, as an invoice's); 502 when it refused it.
 */
export interface DocumentEmailSendResponse {
  message: string;
  emailed_to: string;
  status: 'sent' | 'queued';
  /** The e-mail's id, as the e-mail log lists it. */
  email_id: string;
}

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
