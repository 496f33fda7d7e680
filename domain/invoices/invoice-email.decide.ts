import type { CommandMetadata, Decider } from '../shared/decider.js';
import {
  documentEmailDecider,
  evolveDeliveries,
  initialDeliveries,
  type EmailDeliveries,
} from '../email/document-email.decide.js';
import type { InvoiceEmailEvent } from './invoice-delivery.events.js';

export {
  evolveDeliveries,
  initialDeliveries,
  type EmailDeliveries,
  type EmailDelivery,
} from '../email/document-email.decide.js';

/**
 * The background retries of queued invoice e-mails, decided on the `invoice-{id}` stream (as the client's
 * specification asks) by the decision every document e-mail shares (email/document-email.decide.ts): each retry is
 * claimed by appending InvoiceEmailRetryStarted at the revision the decision read, so when several API processes (or
 * one restarted) pick up the same queued message, exactly one makes each attempt, and the attempts made before a
 * restart count towards the limit.
 */
export type StartEmailRetry = {
  type: 'StartEmailRetry';
  data: { invoiceId: string; emailId: string; attempt: number; maxAttempts: number };
  metadata: CommandMetadata;
};

export type EmailRetryCommand = StartEmailRetry;

export const emailRetryDecider: Decider<EmailDeliveries, EmailRetryCommand, InvoiceEmailEvent> = {
  decide: ({ data: { emailId, attempt, maxAttempts }, metadata }, state) =>
    documentEmailDecider.decide(
      { type: 'StartEmailRetry', data: { emailId, attempt, maxAttempts }, metadata },
      state,
    ) as InvoiceEmailEvent[],
  evolve: evolveDeliveries,
  initialState: initialDeliveries,
};
