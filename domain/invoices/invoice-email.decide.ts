import { assertNever, type CommandMetadata, type Decider } from '../shared/decider.js';
import type {
  EmailStatus,
  InvoiceEmailEvent,
  InvoiceEmailFailed,
  InvoiceEmailRetryStarted,
} from './invoice-delivery.events.js';

/**
 * The background retries of queued invoice e-mails, decided on the `invoice-{id}` stream (as the client's specification asks):
 * each retry is claimed by appending InvoiceEmailRetryStarted at the revision the decision read, so when several
 * API processes (or one restarted) pick up the same queued message, exactly one makes each attempt, and the
 * attempts made before a restart count towards the limit.
 */
export interface EmailDelivery {
  companyId: string;
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

export type StartEmailRetry = {
  type: 'StartEmailRetry';
  data: { invoiceId: string; emailId: string; attempt: number; maxAttempts: number };
  metadata: CommandMetadata;
};

export type EmailRetryCommand = StartEmailRetry;

export const initialDeliveries = (): EmailDeliveries => ({ emails: {} });

export function evolveDeliveries(state: EmailDeliveries, event: InvoiceEmailEvent): EmailDeliveries {
  const set = (emailId: string, change: (email: EmailDelivery) => EmailDelivery): EmailDeliveries => {
    const email = state.emails[emailId];
    return email ? { emails: { ...state.emails, [emailId]: change(email) } } : state;
  };
  switch (event.type) {
    case 'InvoiceEmailed': {
      const d = event.data;
      const email: EmailDelivery = {
        companyId: d.companyId,
        to: d.to,
        notes: d.notes,
        status: d.status,
        attempts: 1,
        started: 1,
        error: d.error,
        lastAt: d.emailedAt,
      };
      return { emails: { ...state.emails, [d.emailId]: email } };
    }
    case 'InvoiceEmailRetryStarted': {
      const d = event.data;
      return set(d.emailId, (e) => ({ ...e, started: Math.max(e.started, d.attempt), lastAt: d.startedAt }));
    }
    case 'InvoiceEmailDeferred': {
      const d = event.data;
      return set(d.emailId, (e) =>
        e.status !== 'queued'
          ? e
          : {
              ...e,
              attempts: Math.max(e.attempts, d.attempts),
              started: Math.max(e.started, d.attempts),
              error: d.error,
              lastAt: d.deferredAt,
            },
      );
    }
    case 'InvoiceEmailDelivered': {
      const d = event.data;
      return set(d.emailId, (e) => ({
        ...e,
        status: 'sent',
        attempts: Math.max(e.attempts, d.attempts),
        started: Math.max(e.started, d.attempts),
        error: null,
        lastAt: d.deliveredAt,
      }));
    }
    case 'InvoiceEmailFailed': {
      const d = event.data;
      return set(d.emailId, (e) => ({
        ...e,
        status: 'failed',
        attempts: Math.max(e.attempts, d.attempts),
        started: Math.max(e.started, d.attempts),
        error: d.error,
        lastAt: d.failedAt,
      }));
    }
    default:
      return state; // the invoice's other events
  }
}

/**
 * Attempt `attempt` of a queued message: claimed when it is the next one (nothing when the message is no longer
 * queued or another process claimed it already); past `maxAttempts` the message has failed for good.
 */
function startRetry({ data, metadata }: StartEmailRetry, state: EmailDeliveries) {
  const email = state.emails[data.emailId];
  if (!email || email.status !== 'queued' || data.attempt !== email.started + 1) return [];
  if (data.attempt > data.maxAttempts) {
    const failed: InvoiceEmailFailed = {
      type: 'InvoiceEmailFailed',
      data: {
        emailId: data.emailId,
        invoiceId: data.invoiceId,
        attempts: email.started,
        error: `Not delivered after ${email.started} attempts${email.error ? `: ${email.error}` : ''}`,
        failedAt: metadata.now,
      },
    };
    return [failed];
  }
  const started: InvoiceEmailRetryStarted = {
    type: 'InvoiceEmailRetryStarted',
    data: {
      emailId: data.emailId,
      invoiceId: data.invoiceId,
      attempt: data.attempt,
      startedAt: metadata.now,
    },
  };
  return [started];
}

export const emailRetryDecider: Decider<EmailDeliveries, EmailRetryCommand, InvoiceEmailEvent> = {
  decide: (command, state) => {
    switch (command.type) {
      case 'StartEmailRetry':
        return startRetry(command, state);
      default:
        return assertNever(command.type);
    }
  },
  evolve: evolveDeliveries,
  initialState: initialDeliveries,
};
