import { assertNever, type CommandMetadata, type Decider } from '../shared/decider.js';
import type { EmailStatus, InvoiceEmailEvent } from '../invoices/invoice-delivery.events.js';
import type {
  DocumentEmailEvent,
  DocumentEmailed,
  DocumentEmailKind,
  EmailedDocument,
} from './document-email.events.js';

/**
 * The e-mails of documents — invoices, credit memos, statements — and their background retries. One decision for
 * every kind: each retry is claimed by appending its RetryStarted at the stream revision the decision read, so when
 * several processes (or one restarted) pick up the same queued message, exactly one makes each attempt, the attempts
 * made before a restart count towards the limit, and a message delivered or failed is never attempted again.
 * An invoice's e-mails are recorded on its stream with the invoice e-mail events; another document's e-mail on its
 * own stream (`document-email-{emailId}`) with the document e-mail events. The state reads both.
 */
export interface EmailDelivery {
  companyId: string;
  kind: DocumentEmailKind;
  /** The invoice's id, the credit memo's, or the statement's customer's. */
  documentId: string;
  /** The document as the logs name it; null for an invoice (its events name the invoice alone). */
  document: EmailedDocument | null;
  to: string;
  notes: string;
  status: EmailStatus;
  /** Attempts whose outcome is recorded. */
  attempts: number;
  /** The highest attempt begun (1: the first send); above `attempts` while an attempt is under way or was cut off. */
  started: number;
  error: string | null;
  /** When the last event of this message happened (ISO instant). */
  lastAt: string;
}

export interface EmailDeliveries {
  emails: Record<string, EmailDelivery>;
}

/** Claims attempt `attempt` of a queued message (past `maxAttempts` the message has failed for good). */
export type StartEmailRetry = {
  type: 'StartEmailRetry';
  data: { emailId: string; attempt: number; maxAttempts: number };
  metadata: CommandMetadata;
};

/** Records the first send of a credit memo's or a statement's e-mail: once per e-mail id. */
export type RecordDocumentEmail = {
  type: 'RecordDocumentEmail';
  data: Omit<DocumentEmailed['data'], 'companyId' | 'emailedAt'>;
  metadata: CommandMetadata;
};

export type DocumentEmailCommand = StartEmailRetry | RecordDocumentEmail;

type AnyEmailEvent = InvoiceEmailEvent | DocumentEmailEvent;

/** Which e-mail an outcome is about: its id, its recipient, and the document it carries. */
export type EmailRef = Pick<EmailDelivery, 'kind' | 'documentId' | 'document' | 'to'> & { emailId: string };

/** What the mail server made of one attempt. */
export type SendOutcome =
  { status: 'sent' } | { status: 'failed'; error: string } | { status: 'queued'; error: string };

export const initialDeliveries = (): EmailDeliveries => ({ emails: {} });

export const emailRefOf = (emailId: string, email: EmailDelivery): EmailRef => ({
  emailId,
  kind: email.kind,
  documentId: email.documentId,
  document: email.document,
  to: email.to,
});

export function evolveDeliveries(state: EmailDeliveries, event: AnyEmailEvent): EmailDeliveries {
  const set = (emailId: string, change: (email: EmailDelivery) => EmailDelivery): EmailDeliveries => {
    const email = state.emails[emailId];
    return email ? { emails: { ...state.emails, [emailId]: change(email) } } : state;
  };
  const add = (emailId: string, email: EmailDelivery): EmailDeliveries =>
    state.emails[emailId] ? state : { emails: { ...state.emails, [emailId]: email } };
  const outcome = (
    emailId: string,
    attempts: number,
    at: string,
    change: Partial<Pick<EmailDelivery, 'status' | 'error'>>,
  ) =>
    set(emailId, (e) => ({
      ...e,
      ...change,
      attempts: Math.max(e.attempts, attempts),
      started: Math.max(e.started, attempts),
      lastAt: at,
    }));
  switch (event.type) {
    case 'InvoiceEmailed': {
      const d = event.data;
      return add(d.emailId, {
        companyId: d.companyId,
        kind: 'invoice',
        documentId: d.invoiceId,
        document: null,
        to: d.to,
        notes: d.notes,
        status: d.status,
        attempts: 1,
        started: 1,
        error: d.error,
        lastAt: d.emailedAt,
      });
    }
    case 'DocumentEmailed': {
      const d = event.data;
      return add(d.emailId, {
        companyId: d.companyId,
        kind: d.document.kind,
        documentId: d.document.id,
        document: d.document,
        to: d.to,
        notes: d.notes,
        status: d.status,
        attempts: 1,
        started: 1,
        error: d.error,
        lastAt: d.emailedAt,
      });
    }
    case 'InvoiceEmailRetryStarted':
    case 'DocumentEmailRetryStarted': {
      const d = event.data;
      return set(d.emailId, (e) => ({ ...e, started: Math.max(e.started, d.attempt), lastAt: d.startedAt }));
    }
    case 'InvoiceEmailDeferred':
    case 'DocumentEmailDeferred': {
      const d = event.data;
      // A deferral recorded after the message was delivered or failed (a late answer) changes nothing.
      if (state.emails[d.emailId]?.status !== 'queued') return state;
      return outcome(d.emailId, d.attempts, d.deferredAt, { error: d.error });
    }
    case 'InvoiceEmailDelivered':
    case 'DocumentEmailDelivered': {
      const d = event.data;
      return outcome(d.emailId, d.attempts, d.deliveredAt, { status: 'sent', error: null });
    }
    case 'InvoiceEmailFailed':
    case 'DocumentEmailFailed': {
      const d = event.data;
      return outcome(d.emailId, d.attempts, d.failedAt, { status: 'failed', error: d.error });
    }
    default:
      return state; // the stream's other events (an invoice's own)
  }
}

/**
 * The outcome of attempt `attempts` as its kind records it: delivered, refused, deferred again, or — deferred on the
 * last attempt (`maxAttempts`) — failed for good.
 */
export function emailOutcome(
  ref: EmailRef,
  attempts: number,
  outcome: SendOutcome,
  maxAttempts: number,
  now: string,
): AnyEmailEvent {
  const { emailId } = ref;
  const failed = (error: string): AnyEmailEvent =>
    ref.document
      ? { type: 'DocumentEmailFailed', data: { emailId, ...about(ref), attempts, error, failedAt: now } }
      : {
          type: 'InvoiceEmailFailed',
          data: { emailId, invoiceId: ref.documentId, attempts, error, failedAt: now },
        };
  if (outcome.status === 'sent')
    return ref.document
      ? { type: 'DocumentEmailDelivered', data: { emailId, ...about(ref), attempts, deliveredAt: now } }
      : {
          type: 'InvoiceEmailDelivered',
          data: { emailId, invoiceId: ref.documentId, attempts, deliveredAt: now },
        };
  if (outcome.status === 'failed') return failed(outcome.error);
  if (attempts >= maxAttempts) return failed(`Not delivered after ${attempts} attempts: ${outcome.error}`);
  return ref.document
    ? {
        type: 'DocumentEmailDeferred',
        data: { emailId, ...about(ref), attempts, error: outcome.error, deferredAt: now },
      }
    : {
        type: 'InvoiceEmailDeferred',
        data: { emailId, invoiceId: ref.documentId, attempts, error: outcome.error, deferredAt: now },
      };
}

const about = (ref: EmailRef) => ({ document: ref.document!, to: ref.to });

/**
 * Attempt `attempt` of a queued message: claimed when it is the next one (nothing when the message is no longer
 * queued or another process claimed it already); past `maxAttempts` the message has failed for good.
 */
function startRetry({ data, metadata }: StartEmailRetry, state: EmailDeliveries): AnyEmailEvent[] {
  const email = state.emails[data.emailId];
  if (!email || email.status !== 'queued' || data.attempt !== email.started + 1) return [];
  const ref = emailRefOf(data.emailId, email);
  if (data.attempt > data.maxAttempts) {
    const error = `Not delivered after ${email.started} attempts${email.error ? `: ${email.error}` : ''}`;
    return [emailOutcome(ref, email.started, { status: 'failed', error }, data.maxAttempts, metadata.now)];
  }
  const claim = { emailId: data.emailId, attempt: data.attempt, startedAt: metadata.now };
  return [
    email.document
      ? { type: 'DocumentEmailRetryStarted', data: claim }
      : { type: 'InvoiceEmailRetryStarted', data: { ...claim, invoiceId: email.documentId } },
  ];
}

/** The first send of a memo's or a statement's e-mail; an e-mail id already recorded records nothing again. */
function record({ data, metadata }: RecordDocumentEmail, state: EmailDeliveries): DocumentEmailed[] {
  if (state.emails[data.emailId]) return [];
  return [
    {
      type: 'DocumentEmailed',
      data: { ...data, companyId: metadata.companyId, emailedAt: metadata.now },
    },
  ];
}

export const documentEmailDecider: Decider<EmailDeliveries, DocumentEmailCommand, AnyEmailEvent> = {
  decide: (command, state) => {
    switch (command.type) {
      case 'StartEmailRetry':
        return startRetry(command, state);
      case 'RecordDocumentEmail':
        return record(command, state);
      default:
        return assertNever(command);
    }
  },
  evolve: evolveDeliveries,
  initialState: initialDeliveries,
};
