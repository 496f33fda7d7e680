import type { EmailStatus } from '../invoices/invoice-delivery.events.js';

/**
 * E-mails of documents other than invoices: a credit memo, a customer's statement. They go through the same
 * machinery as an invoice's e-mails (document-email.decide.ts): the first send's answer is recorded, a deferred
 * message is retried in the background with the same backoff, each retry claimed first, and its outcome recorded.
 * An invoice's e-mails keep their own events on the invoice's stream (invoice-delivery.events.ts); each e-mail of
 * another document is a stream of its own, `document-email-{emailId}`, so its retries read only its few events.
 */

/** What an e-mail carries. */
export type DocumentEmailKind = 'invoice' | 'credit_memo' | 'statement';

/** The kinds recorded with the events below (an invoice's e-mails are recorded on its stream). */
export type OtherDocumentKind = Exclude<DocumentEmailKind, 'invoice'>;

export const documentEmailStream = (emailId: string) => `document-email-${emailId}`;

/** The document an e-mail carries, as the e-mail log and the activity log name it. */
export interface EmailedDocument {
  kind: OtherDocumentKind;
  /** The credit memo's id; for a statement, its customer's. */
  id: string;
  /** The memo's number (CM-1001); a statement's period (2026-10-01..2026-10-31). */
  reference: string;
  customerId: string;
  customerName: string;
  /** The invoice a credit memo credits (null for a statement). */
  invoiceId: string | null;
  invoiceNumber: string | null;
  /** A statement's period (null for a credit memo). */
  period: { from: string; to: string } | null;
}

/**
 * One recipient of one document e-mail, and what the mail server made of the first send: `sent` accepted, `queued`
 * deferred (4xx), unreachable or no answer in time (retried in the background), `failed` refused (5xx).
 */
export interface DocumentEmailed {
  type: 'DocumentEmailed';
  data: {
    emailId: string;
    companyId: string;
    document: EmailedDocument;
    to: string;
    notes: string;
    status: EmailStatus;
    /** The server's answer when not accepted. */
    error: string | null;
    /** The monthly statement run that asked for it. */
    runId: string | null;
    emailedAt: string;
  };
}

/** A background retry began: attempt `attempt` (the first send is attempt 1) is claimed by one process. */
export interface DocumentEmailRetryStarted {
  type: 'DocumentEmailRetryStarted';
  data: { emailId: string; attempt: number; startedAt: string };
}

/** A retry was deferred again; another follows. */
export interface DocumentEmailDeferred {
  type: 'DocumentEmailDeferred';
  data: {
    emailId: string;
    document: EmailedDocument;
    to: string;
    attempts: number;
    error: string;
    deferredAt: string;
  };
}

/** A queued message was accepted by the server on a later attempt. */
export interface DocumentEmailDelivered {
  type: 'DocumentEmailDelivered';
  data: { emailId: string; document: EmailedDocument; to: string; attempts: number; deliveredAt: string };
}

/** A queued message was refused, or every attempt was deferred: it was not delivered. */
export interface DocumentEmailFailed {
  type: 'DocumentEmailFailed';
  data: {
    emailId: string;
    document: EmailedDocument;
    to: string;
    attempts: number;
    error: string;
    failedAt: string;
  };
}

export type DocumentEmailEvent =
  | DocumentEmailed
  | DocumentEmailRetryStarted
  | DocumentEmailDeferred
  | DocumentEmailDelivered
  | DocumentEmailFailed;

/** What the e-mail log and the activity log show (a retry's claim only guards it; its outcome is shown). */
export const DOCUMENT_EMAIL_EVENT_TYPES: readonly DocumentEmailEvent['type'][] = [
  'DocumentEmailed',
  'DocumentEmailDeferred',
  'DocumentEmailDelivered',
  'DocumentEmailFailed',
];
