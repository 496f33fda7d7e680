/**
 * How an invoice reaches the customer and how its paperwork is kept: facts on the `invoice-{id}` stream
 * next to the invoice's own events, so the activity log and audits read them with everything else. The invoice
 * fold (invoice.state.ts) ignores them; the paperwork fold (invoice-paperwork.state.ts) reads them.
 */

/** What the SMTP server answered for one recipient when the message was handed over. */
export type EmailStatus = 'queued' | 'sent' | 'failed';

/**
 * One recipient of one send (as the client's specification asks). `sent`: the server accepted it; `queued`: the server deferred
 * it (4xx) or did not answer in time, and it is retried in the background; `failed`: refused (5xx).
 */
export interface InvoiceEmailed {
  type: 'InvoiceEmailed';
  data: {
    emailId: string;
    invoiceId: string;
    companyId: string;
    /** The displayed number when it was sent (`345B`). */
    number: string;
    to: string;
    notes: string;
    status: EmailStatus;
    /** The server's answer when not accepted. */
    error: string | null;
    emailedAt: string;
  };
}

/**
 * A background retry of a queued message began: attempt `attempt` (the first send is attempt 1) is claimed by one
 * API process, appended at the stream revision its decision read, so no two processes make the same attempt. Its
 * outcome follows as InvoiceEmailDeferred, InvoiceEmailDelivered or InvoiceEmailFailed with the same `attempts`;
 * a process stopped in between leaves the claim alone, and the attempt still counts towards EMAIL_RETRY_ATTEMPTS.
 */
export interface InvoiceEmailRetryStarted {
  type: 'InvoiceEmailRetryStarted';
  data: { emailId: string; invoiceId: string; attempt: number; startedAt: string };
}

/** A retry was deferred again; another follows. */
export interface InvoiceEmailDeferred {
  type: 'InvoiceEmailDeferred';
  data: { emailId: string; invoiceId: string; attempts: number; error: string; deferredAt: string };
}

/** A queued message was accepted by the server on a later attempt. */
export interface InvoiceEmailDelivered {
  type: 'InvoiceEmailDelivered';
  data: { emailId: string; invoiceId: string; attempts: number; deliveredAt: string };
}

/** A queued message was refused, or every attempt was deferred: it was not delivered. */
export interface InvoiceEmailFailed {
  type: 'InvoiceEmailFailed';
  data: { emailId: string; invoiceId: string; attempts: number; error: string; failedAt: string };
}

/** A public link (`/invoice/pdf/{token}`) was issued; the token itself is never recorded. */
export interface PublicLinkIssued {
  type: 'PublicLinkIssued';
  data: {
    linkId: string;
    invoiceId: string;
    companyId: string;
    /** Why: a user asked for it, or an e-mail carries it. */
    purpose: 'share' | 'email';
    expiresAt: string;
    issuedAt: string;
  };
}

export interface PublicLinksRevoked {
  type: 'PublicLinksRevoked';
  data: { invoiceId: string; companyId: string; count: number; revokedAt: string };
}

/** A file attached to the invoice (as the client's specification asks). The bytes live behind the storage port under storageKey. */
export interface DocumentAttached {
  type: 'DocumentAttached';
  data: {
    documentId: string;
    invoiceId: string;
    companyId: string;
    originalName: string;
    /** The stored name: `{documentId}.{extension}`. */
    fileName: string;
    /** As recognised from the content, not as the client claimed. */
    mimeType: string;
    sizeBytes: number;
    storageKey: string;
    note: string;
    attachedAt: string;
  };
}

export interface DocumentRenamed {
  type: 'DocumentRenamed';
  data: { documentId: string; invoiceId: string; originalName: string; note: string; renamedAt: string };
}

export interface DocumentRemoved {
  type: 'DocumentRemoved';
  data: { documentId: string; invoiceId: string; storageKey: string; removedAt: string };
}

/** A note only the company sees (as the client's specification asks). */
export interface PrivateNoteAdded {
  type: 'PrivateNoteAdded';
  data: { noteId: string; invoiceId: string; companyId: string; note: string; addedAt: string };
}

export interface PrivateNoteRemoved {
  type: 'PrivateNoteRemoved';
  data: { noteId: string; invoiceId: string; removedAt: string };
}

export type InvoiceEmailEvent =
  | InvoiceEmailed
  | InvoiceEmailRetryStarted
  | InvoiceEmailDeferred
  | InvoiceEmailDelivered
  | InvoiceEmailFailed;
export type InvoicePaperworkEvent =
  DocumentAttached | DocumentRenamed | DocumentRemoved | PrivateNoteAdded | PrivateNoteRemoved;
export type InvoiceDeliveryEvent =
  InvoiceEmailEvent | InvoicePaperworkEvent | PublicLinkIssued | PublicLinksRevoked;

/** What the e-mail log shows (InvoiceEmailRetryStarted only guards retries; the outcome that follows is logged). */
export const INVOICE_EMAIL_EVENT_TYPES: readonly InvoiceEmailEvent['type'][] = [
  'InvoiceEmailed',
  'InvoiceEmailDeferred',
  'InvoiceEmailDelivered',
  'InvoiceEmailFailed',
];

export const INVOICE_PAPERWORK_EVENT_TYPES: readonly InvoicePaperworkEvent['type'][] = [
  'DocumentAttached',
  'DocumentRenamed',
  'DocumentRemoved',
  'PrivateNoteAdded',
  'PrivateNoteRemoved',
];
