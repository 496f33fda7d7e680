import { deciderSpec } from '../shared/decider-spec.js';
import type { InvoiceEmailEvent } from './invoice-delivery.events.js';
import { emailRetryDecider, type StartEmailRetry } from './invoice-email.decide.js';
import { metadata, NOW } from './invoice.fixtures.js';

const given = deciderSpec(emailRetryDecider);

const queued: InvoiceEmailEvent = {
  type: 'InvoiceEmailed',
  data: {
    emailId: 'mail-1',
    invoiceId: 'inv-1',
    companyId: 'co-1',
    number: '7',
    to: 'busy@rustynail.test',
    notes: '',
    status: 'queued',
    error: '451 Try again later',
    emailedAt: '2026-11-21T14:00:00.000Z',
  },
};
const started = (attempt: number): InvoiceEmailEvent => ({
  type: 'InvoiceEmailRetryStarted',
  data: { emailId: 'mail-1', invoiceId: 'inv-1', attempt, startedAt: NOW },
});
const deferred = (attempts: number): InvoiceEmailEvent => ({
  type: 'InvoiceEmailDeferred',
  data: { emailId: 'mail-1', invoiceId: 'inv-1', attempts, error: '451 Try again later', deferredAt: NOW },
});
const retry = (attempt: number, maxAttempts = 3): StartEmailRetry => ({
  type: 'StartEmailRetry',
  data: { invoiceId: 'inv-1', emailId: 'mail-1', attempt, maxAttempts },
  metadata,
});

describe('Invoice e-mail retries', () => {
  describe('with a message queued by the mail server', () => {
    it('claims the next attempt', () =>
      given([queued])
        .when(retry(2))
        .then([started(2)]));

    it('claims nothing when that attempt is claimed already (another process makes it)', () =>
      given([queued, started(2)])
        .when(retry(2))
        .then([]));

    it('claims the attempt after one cut off by a stop: the cut-off attempt counts', () =>
      given([queued, started(2)])
        .when(retry(3))
        .then([started(3)]));

    it('fails the message once every attempt is made', () =>
      given([queued, started(2), deferred(2), started(3)])
        .when(retry(4))
        .then([
          {
            type: 'InvoiceEmailFailed',
            data: {
              emailId: 'mail-1',
              invoiceId: 'inv-1',
              attempts: 3,
              error: 'Not delivered after 3 attempts: 451 Try again later',
              failedAt: NOW,
            },
          },
        ]));
  });

  describe('with a message delivered or failed', () => {
    it('claims nothing after a delivery', () =>
      given([
        queued,
        started(2),
        {
          type: 'InvoiceEmailDelivered',
          data: { emailId: 'mail-1', invoiceId: 'inv-1', attempts: 2, deliveredAt: NOW },
        },
      ])
        .when(retry(3))
        .then([]));

    it('claims nothing for a message the server accepted at once, or an unknown one', () => {
      given([{ ...queued, data: { ...queued.data, status: 'sent', error: null } }])
        .when(retry(2))
        .then([]);
      given([]).when(retry(2)).then([]);
    });
  });
});
