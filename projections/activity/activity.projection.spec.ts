import type { StoredEvent } from '#engine';
import { toActivityRow } from './activity.projection.js';

const COMPANY = 'co-1';
const AT = '2026-11-22T15:00:00.000Z';
const stored = (streamId: string, type: string, data: Record<string, unknown>): StoredEvent => ({
  id: 'e-1',
  streamId,
  type,
  data,
  revision: 0n,
  position: 1n,
  checkpoint: '1',
  metadata: { companyId: COMPANY, userId: 'u-1', occurredAt: AT, schemaVersion: 1 },
  recordedAt: AT,
});

describe('Activity read model', () => {
  it('logs a sign-in from the activity stream under AUTH SIGN_IN, without the user id in the info', () =>
    expect(
      toActivityRow(
        stored(`activity-${COMPANY}`, 'UserSignedIn', {
          userId: 'u-2',
          email: 'a@b.test',
          method: 'password',
        }),
      ),
    ).toEqual({
      eventId: 'e-1',
      companyId: COMPANY,
      userId: 'u-2',
      category: 'AUTH',
      action: 'SIGN_IN',
      details: { email: 'a@b.test', method: 'password' },
      occurredAt: AT,
      success: true,
      kind: 'sign_in',
      account: true,
      customerId: null,
      invoiceId: null,
      invoiceNumber: null,
    }));

  it("logs a payment received on account from the customer's account stream, with the customer and amount", () =>
    expect(
      toActivityRow(
        stored('customer-account-c-1', 'PaymentReceivedOnAccount', {
          customerId: 'c-1',
          companyId: COMPANY,
          paymentId: 'p-1',
          amountCents: 40_000,
          method: 'check',
          reference: '1042',
          receivedOn: '2026-11-22',
          note: '',
          receivedAt: AT,
        }),
      ),
    ).toMatchObject({
      companyId: COMPANY,
      category: 'PAYMENT',
      action: 'RECEIVE_ON_ACCOUNT',
      details: { customerId: 'c-1', amountCents: 40_000, method: 'check', reference: '1042' },
      kind: 'payment',
      customerId: 'c-1',
    }));

  it('logs a sync under its partner and kind, Error when it failed or left records failed', () => {
    const sync = (data: Record<string, unknown>) =>
      toActivityRow(
        stored(`integrations-${COMPANY}`, 'SyncCompleted', {
          syncId: 's-1',
          partner: 'clover',
          kind: 'products',
          outcome: 'success',
          error: null,
          synced: 3,
          failed: 0,
          completedAt: AT,
          ...data,
        }),
      );
    expect(sync({})).toMatchObject({ category: 'CLOVER', action: 'PRODUCT_SYNC', success: true });
    expect(sync({ failed: 1 })).toMatchObject({ success: false });
    expect(sync({ partner: 'bottle_pos', kind: 'invoices', outcome: 'failed', error: 'down' })).toMatchObject(
      {
        category: 'BOTTLE_POS',
        action: 'INVOICE_SYNC',
        success: false,
        details: {
          syncId: 's-1',
          partner: 'bottle_pos',
          kind: 'invoices',
          outcome: 'failed',
          error: 'down',
          synced: 3,
          failed: 0,
        },
      },
    );
    expect(sync({ partner: 'mpower', kind: 'invoices' })).toMatchObject({ category: 'MPOWER' });
  });

  it('logs a created invoice with its number and beer flag', () =>
    expect(
      toActivityRow(
        stored('invoice-i-1', 'InvoiceCreated', {
          invoiceId: 'i-1',
          companyId: COMPANY,
          number: { sequence: 345, prefix: '', beer: true, display: '345B' },
        }),
      ),
    ).toMatchObject({
      userId: 'u-1',
      category: 'INVOICE',
      action: 'CREATE',
      details: { invoiceId: 'i-1', invoiceNumber: '345B', beer: true },
    }));

  it('logs a payment with the number it is given and the amount', () =>
    expect(
      toActivityRow(
        stored('invoice-i-1', 'PaymentLogged', {
          invoiceId: 'i-1',
          companyId: COMPANY,
          paymentId: 'p-1',
          amountCents: 1250,
        }),
        { invoiceNumber: '345B', beer: true },
      ),
    ).toMatchObject({
      category: 'PAYMENT',
      action: 'CREATE',
      details: { invoiceId: 'i-1', invoiceNumber: '345B', beer: true, paymentId: 'p-1', amountCents: 1250 },
    }));

  it('logs a removed private note under the company of the metadata', () =>
    expect(
      toActivityRow(stored('invoice-i-1', 'PrivateNoteRemoved', { invoiceId: 'i-1', noteId: 'n-1' }), {
        invoiceNumber: '12',
        beer: false,
      }),
    ).toMatchObject({
      companyId: COMPANY,
      category: 'INVOICE',
      action: 'DELETE_PRIVATE_NOTE',
      details: { invoiceNumber: '12', noteId: 'n-1' },
    }));

  it.each([
    ['bottle_pos', 'BOTTLE_POS', 'FEATURE_ON', 'FeatureActivated'],
    ['reports', 'FEATURE', 'FEATURE_OFF', 'FeatureDeactivated'],
  ])('logs feature %s switching under %s %s', (feature, category, action, type) =>
    expect(
      toActivityRow(stored(`company-${COMPANY}`, type, { companyId: COMPANY, feature, by: 'user' })),
    ).toMatchObject({ category, action, details: { feature, by: 'user' } }),
  );

  it('logs a created invoice for its customer, so the customer and invoice filters find it', () =>
    expect(
      toActivityRow(
        stored('invoice-i-1', 'InvoiceCreated', {
          invoiceId: 'i-1',
          companyId: COMPANY,
          number: { sequence: 345, prefix: '', beer: false, display: '345' },
          customer: { id: 'c-1', name: 'The Rusty Nail' },
        }),
      ),
    ).toMatchObject({
      kind: 'invoice',
      account: false,
      customerId: 'c-1',
      invoiceId: 'i-1',
      invoiceNumber: '345',
      details: { customerName: 'The Rusty Nail' },
    }));

  it('logs every status change of an invoice, a cancellation as any other, with the invoice and its customer', () =>
    expect(
      toActivityRow(
        stored('invoice-i-1', 'InvoiceStatusChanged', {
          invoiceId: 'i-1',
          companyId: COMPANY,
          from: 'invoiced',
          to: 'cancelled',
          reason: 'user',
          changedAt: AT,
        }),
        { invoiceNumber: '345', beer: false, customerId: 'c-1', customerName: 'The Rusty Nail' },
      ),
    ).toEqual(
      expect.objectContaining({
        category: 'INVOICE',
        action: 'UPDATE',
        kind: 'status',
        customerId: 'c-1',
        invoiceNumber: '345',
        details: {
          invoiceId: 'i-1',
          invoiceNumber: '345',
          beer: false,
          customerId: 'c-1',
          customerName: 'The Rusty Nail',
          from: 'invoiced',
          to: 'cancelled',
          reason: 'user',
        },
      }),
    ));

  it.each([
    ['enabled', 'ENABLE'],
    ['reactivated', 'ENABLE'],
    ['disabled', 'DISABLE'],
    ['revoked', 'DISABLE'],
  ])("logs a customer user's access %s as AUTH %s, by the distributor's user", (access, action) =>
    expect(
      toActivityRow(
        stored(`activity-${COMPANY}`, 'CustomerUserAccessChanged', {
          customerUserId: 'cu-1',
          customerId: 'c-1',
          access,
          userId: 'u-9',
          customerUserName: 'Bar Manager',
          customerName: 'The Rusty Nail',
        }),
      ),
    ).toMatchObject({
      userId: 'u-9',
      category: 'AUTH',
      action,
      kind: 'access',
      account: false,
      customerId: 'c-1',
      details: { customerUserName: 'Bar Manager', customerName: 'The Rusty Nail', access },
    }),
  );

  it("logs a share taken back to credit once, as the account's row: its payment leaving the invoice is no row", () => {
    const deleted = { invoiceId: 'inv-1', companyId: COMPANY, paymentId: 'p-1', deletedAt: AT };
    expect(
      toActivityRow(stored('invoice-inv-1', 'PaymentDeleted', { ...deleted, takenBackToCredit: true })),
    ).toBeUndefined();
    expect(toActivityRow(stored('invoice-inv-1', 'PaymentDeleted', deleted))).toMatchObject({
      category: 'PAYMENT',
      action: 'DELETE',
    });
    expect(
      toActivityRow(
        stored('customer-account-c-1', 'AccountCreditUnapplied', {
          customerId: 'c-1',
          companyId: COMPANY,
          applicationId: 'a-1',
          invoiceId: 'inv-1',
          number: '1042',
          invoicePaymentId: 'p-1',
          amountCents: 20_000,
          unappliedOn: '2026-11-22',
          unappliedAt: AT,
        }),
      ),
    ).toMatchObject({ action: 'TAKE_BACK_TO_CREDIT', invoiceId: 'inv-1', invoiceNumber: '1042' });
  });

  it("logs a credit memo's e-mail from its own stream with the memo, its invoice and customer; a failure as Error", () => {
    const document = {
      kind: 'credit_memo',
      id: 'memo-1',
      reference: 'CM-1001',
      customerId: 'c-1',
      customerName: 'The Rusty Nail',
      invoiceId: 'inv-1',
      invoiceNumber: '345',
      period: null,
    };
    expect(
      toActivityRow(
        stored('document-email-mail-1', 'DocumentEmailed', {
          emailId: 'mail-1',
          companyId: COMPANY,
          document,
          to: 'ap@rustynail.test',
          notes: '',
          status: 'queued',
          error: '451 Try again later',
          runId: null,
          emailedAt: AT,
        }),
      ),
    ).toEqual({
      eventId: 'e-1',
      companyId: COMPANY,
      userId: 'u-1',
      category: 'EMAIL',
      action: 'SEND',
      details: {
        emailId: 'mail-1',
        documentKind: 'credit_memo',
        documentId: 'memo-1',
        reference: 'CM-1001',
        customerId: 'c-1',
        customerName: 'The Rusty Nail',
        emailedTo: 'ap@rustynail.test',
        invoiceId: 'inv-1',
        invoiceNumber: '345',
        status: 'queued',
        error: '451 Try again later',
      },
      occurredAt: AT,
      success: true,
      kind: 'email',
      account: false,
      customerId: 'c-1',
      invoiceId: 'inv-1',
      invoiceNumber: '345',
    });
    expect(
      toActivityRow(
        stored('document-email-mail-1', 'DocumentEmailFailed', {
          emailId: 'mail-1',
          document,
          to: 'ap@rustynail.test',
          attempts: 4,
          error: 'Not delivered after 4 attempts: 451 Try again later',
          failedAt: AT,
        }),
      ),
    ).toMatchObject({ category: 'EMAIL', action: 'FAIL', success: false, companyId: COMPANY, kind: 'email' });
  });

  it("logs an invoice's e-mail from the invoice's stream with its number and customer; a failure as Error", () => {
    const invoice = { invoiceNumber: '345B', beer: true, customerId: 'c-1', customerName: 'The Rusty Nail' };
    expect(
      toActivityRow(
        stored('invoice-inv-1', 'InvoiceEmailed', {
          emailId: 'mail-2',
          invoiceId: 'inv-1',
          companyId: COMPANY,
          number: '345B',
          to: 'ap@rustynail.test',
          notes: 'Thanks',
          status: 'sent',
          error: null,
          emailedAt: AT,
        }),
        invoice,
      ),
    ).toEqual({
      eventId: 'e-1',
      companyId: COMPANY,
      userId: 'u-1',
      category: 'EMAIL',
      action: 'SEND',
      details: {
        invoiceId: 'inv-1',
        ...invoice,
        emailId: 'mail-2',
        emailedTo: 'ap@rustynail.test',
        status: 'sent',
        documentKind: 'invoice',
      },
      occurredAt: AT,
      success: true,
      kind: 'email',
      account: false,
      customerId: 'c-1',
      invoiceId: 'inv-1',
      invoiceNumber: '345B',
    });
    // a retry's outcome carries no company id of its own: the metadata's
    expect(
      toActivityRow(
        stored('invoice-inv-1', 'InvoiceEmailFailed', {
          emailId: 'mail-2',
          invoiceId: 'inv-1',
          attempts: 4,
          error: 'Not delivered after 4 attempts: 451 Try again later',
          failedAt: AT,
        }),
        invoice,
      ),
    ).toMatchObject({
      category: 'EMAIL',
      action: 'FAIL',
      success: false,
      companyId: COMPANY,
      kind: 'email',
      details: { invoiceNumber: '345B', attempts: 4, documentKind: 'invoice' },
    });
    expect(
      toActivityRow(
        stored('invoice-inv-1', 'InvoiceEmailRetryStarted', {
          emailId: 'mail-2',
          invoiceId: 'inv-1',
          attempt: 2,
          startedAt: AT,
        }),
        invoice,
      ),
    ).toBeUndefined();
  });

  it('ignores events of other streams', () => {
    expect(toActivityRow(stored('customer-c-1', 'UserSignedIn', { userId: 'u-1' }))).toBeUndefined();
    expect(toActivityRow(stored('invoice-numbers-co-1', 'InvoiceCreated', {}))).toBeUndefined();
  });
});
