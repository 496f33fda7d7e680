import { deciderSpec } from '../shared/decider-spec.js';
import type { CommandMetadata } from '../shared/decider.js';
import {
  documentEmailDecider,
  emailOutcome,
  emailRefOf,
  evolveDeliveries,
  initialDeliveries,
  type RecordDocumentEmail,
  type StartEmailRetry,
} from './document-email.decide.js';
import type { DocumentEmailed, EmailedDocument } from './document-email.events.js';

const given = deciderSpec(documentEmailDecider);

const NOW = '2026-12-01T15:00:00.000Z';
const metadata: CommandMetadata = { companyId: 'co-1', userId: 'u-1', now: NOW };
const system: CommandMetadata = { companyId: 'co-1', userId: null, now: NOW };

const memo: EmailedDocument = {
  kind: 'credit_memo',
  id: 'memo-1',
  reference: 'CM-1001',
  customerId: 'cust-1',
  customerName: 'The Rusty Nail',
  invoiceId: 'inv-1',
  invoiceNumber: '345',
  period: null,
};
const statement: EmailedDocument = {
  kind: 'statement',
  id: 'cust-1',
  reference: '2026-10-01..2026-10-31',
  customerId: 'cust-1',
  customerName: 'The Rusty Nail',
  invoiceId: null,
  invoiceNumber: null,
  period: { from: '2026-10-01', to: '2026-10-31' },
};

const emailed = (document: EmailedDocument, status: DocumentEmailed['data']['status']): DocumentEmailed => ({
  type: 'DocumentEmailed',
  data: {
    emailId: 'mail-1',
    companyId: 'co-1',
    document,
    to: 'ap@rustynail.test',
    notes: '',
    status,
    error: status === 'sent' ? null : '451 Try again later',
    runId: null,
    emailedAt: '2026-12-01T14:00:00.000Z',
  },
});
const retry = (attempt: number, maxAttempts = 3): StartEmailRetry => ({
  type: 'StartEmailRetry',
  data: { emailId: 'mail-1', attempt, maxAttempts },
  metadata: system,
});
const recordMemo = (status: DocumentEmailed['data']['status'] = 'sent'): RecordDocumentEmail => ({
  type: 'RecordDocumentEmail',
  data: {
    emailId: 'mail-1',
    document: memo,
    to: 'ap@rustynail.test',
    notes: '',
    status,
    error: status === 'sent' ? null : '451 Try again later',
    runId: null,
  },
  metadata,
});

describe('Document e-mails', () => {
  describe('recording the first send of a credit memo', () => {
    it('records the recipient, the document and what the mail server answered', () =>
      given([])
        .when(recordMemo('queued'))
        .then([
          {
            type: 'DocumentEmailed',
            data: {
              emailId: 'mail-1',
              companyId: 'co-1',
              document: memo,
              to: 'ap@rustynail.test',
              notes: '',
              status: 'queued',
              error: '451 Try again later',
              runId: null,
              emailedAt: NOW,
            },
          },
        ]));

    it('records nothing for an e-mail id already recorded (a retried request)', () =>
      given([emailed(memo, 'sent')])
        .when(recordMemo('sent'))
        .then([]));
  });

  describe('a credit memo e-mail deferred by the mail server', () => {
    it('claims the next attempt on its own stream', () =>
      given([emailed(memo, 'queued')])
        .when(retry(2))
        .then([
          { type: 'DocumentEmailRetryStarted', data: { emailId: 'mail-1', attempt: 2, startedAt: NOW } },
        ]));

    it('claims nothing when another process claimed that attempt', () =>
      given([
        emailed(memo, 'queued'),
        { type: 'DocumentEmailRetryStarted', data: { emailId: 'mail-1', attempt: 2, startedAt: NOW } },
      ])
        .when(retry(2))
        .then([]));

    it('claims nothing once it was delivered: a mail already sent is never sent again', () =>
      given([
        emailed(memo, 'queued'),
        { type: 'DocumentEmailRetryStarted', data: { emailId: 'mail-1', attempt: 2, startedAt: NOW } },
        {
          type: 'DocumentEmailDelivered',
          data: {
            emailId: 'mail-1',
            document: memo,
            to: 'ap@rustynail.test',
            attempts: 2,
            deliveredAt: NOW,
          },
        },
      ])
        .when(retry(3))
        .then([]));

    it('claims nothing for a memo e-mail the server accepted at once', () =>
      given([emailed(memo, 'sent')])
        .when(retry(2))
        .then([]));
  });

  describe('a statement e-mail whose every attempt was deferred', () => {
    it('fails for good once every attempt is made, naming the statement', () =>
      given([
        emailed(statement, 'queued'),
        { type: 'DocumentEmailRetryStarted', data: { emailId: 'mail-1', attempt: 2, startedAt: NOW } },
        {
          type: 'DocumentEmailDeferred',
          data: {
            emailId: 'mail-1',
            document: statement,
            to: 'ap@rustynail.test',
            attempts: 2,
            error: '451 Try again later',
            deferredAt: NOW,
          },
        },
        { type: 'DocumentEmailRetryStarted', data: { emailId: 'mail-1', attempt: 3, startedAt: NOW } },
      ])
        .when(retry(4))
        .then([
          {
            type: 'DocumentEmailFailed',
            data: {
              emailId: 'mail-1',
              document: statement,
              to: 'ap@rustynail.test',
              attempts: 3,
              error: 'Not delivered after 3 attempts: 451 Try again later',
              failedAt: NOW,
            },
          },
        ]));
  });

  describe('an invoice e-mail (its own events, on the invoice stream)', () => {
    it('claims the next attempt with the invoice e-mail event', () =>
      given([
        {
          type: 'InvoiceEmailed',
          data: {
            emailId: 'mail-1',
            invoiceId: 'inv-1',
            companyId: 'co-1',
            number: '345',
            to: 'busy@rustynail.test',
            notes: '',
            status: 'queued',
            error: '451 Try again later',
            emailedAt: '2026-12-01T14:00:00.000Z',
          },
        },
      ])
        .when(retry(2))
        .then([
          {
            type: 'InvoiceEmailRetryStarted',
            data: { emailId: 'mail-1', invoiceId: 'inv-1', attempt: 2, startedAt: NOW },
          },
        ]));
  });

  describe('the outcome of an attempt, by kind', () => {
    const queuedMemo = evolveDeliveries(initialDeliveries(), emailed(memo, 'queued')).emails['mail-1']!;
    const ref = emailRefOf('mail-1', queuedMemo);

    it('delivers, defers or fails a memo e-mail with the document e-mail events', () => {
      expect(emailOutcome(ref, 2, { status: 'sent' }, 3, NOW)).toEqual({
        type: 'DocumentEmailDelivered',
        data: { emailId: 'mail-1', document: memo, to: 'ap@rustynail.test', attempts: 2, deliveredAt: NOW },
      });
      expect(emailOutcome(ref, 2, { status: 'queued', error: '421 Busy' }, 3, NOW)).toEqual({
        type: 'DocumentEmailDeferred',
        data: {
          emailId: 'mail-1',
          document: memo,
          to: 'ap@rustynail.test',
          attempts: 2,
          error: '421 Busy',
          deferredAt: NOW,
        },
      });
      expect(emailOutcome(ref, 3, { status: 'queued', error: '421 Busy' }, 3, NOW)).toEqual({
        type: 'DocumentEmailFailed',
        data: {
          emailId: 'mail-1',
          document: memo,
          to: 'ap@rustynail.test',
          attempts: 3,
          error: 'Not delivered after 3 attempts: 421 Busy',
          failedAt: NOW,
        },
      });
    });

    it('records an invoice e-mail outcome with the invoice e-mail events', () => {
      const invoiceRef = {
        emailId: 'mail-2',
        kind: 'invoice' as const,
        documentId: 'inv-1',
        document: null,
        to: 'a@b.test',
      };
      expect(emailOutcome(invoiceRef, 2, { status: 'failed', error: '550 No such user' }, 3, NOW)).toEqual({
        type: 'InvoiceEmailFailed',
        data: {
          emailId: 'mail-2',
          invoiceId: 'inv-1',
          attempts: 2,
          error: '550 No such user',
          failedAt: NOW,
        },
      });
    });
  });
});
