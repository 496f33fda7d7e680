import { DomainError } from '../shared/domain-error.js';
import { logPayment } from '../invoices/invoice-payments.js';
import {
  accountPaymentNote,
  applyAccountCredit,
  keepAccountCustomer,
  receivePaymentOnAccount,
  refundAccountCredit,
  unapplyAccountCredit,
  type ApplyAccountCredit,
  type ReceivePaymentOnAccount,
  type RefundAccountCredit,
  type UnapplyAccountCredit,
} from './customer-account.decide.js';
import { methodAndReference } from './customer-account.events.js';
import {
  accountOf,
  aCustomerWorld,
  at,
  cancel,
  candidatesOf,
  CUSTOMER,
  liveIn,
  record,
  statesOf,
  TZ,
  type AccountWorld,
} from './customer-account.fixtures.js';
import { customerBalance } from './customer-balance.js';

const NOW = '2026-11-21T15:00:00.000Z';

const receive = (
  world: AccountWorld,
  amountCents: number | undefined,
  extra: Partial<ReceivePaymentOnAccount['data']> = {},
): ReceivePaymentOnAccount => ({
  type: 'ReceivePaymentOnAccount',
  data: {
    customerId: CUSTOMER,
    paymentId: 'pay-1',
    applicationId: 'app-1',
    amountCents,
    method: 'check',
    reference: '1042',
    receivedOn: '2026-11-21',
    note: '',
    timeZone: TZ,
    candidates: candidatesOf(world, 'p1'),
    ...extra,
  },
  metadata: at(NOW),
});

const apply = (world: AccountWorld, extra: Partial<ApplyAccountCredit['data']> = {}): ApplyAccountCredit => ({
  type: 'ApplyAccountCredit',
  data: {
    customerId: CUSTOMER,
    applicationId: 'app-2',
    timeZone: TZ,
    candidates: candidatesOf(world, 'p2'),
    ...extra,
  },
  metadata: at(NOW),
});

const refund = (
  amountCents: number,
  extra: Partial<RefundAccountCredit['data']> = {},
): RefundAccountCredit => ({
  type: 'RefundAccountCredit',
  data: {
    customerId: CUSTOMER,
    refundId: 'ref-1',
    amountCents,
    method: 'check',
    reference: '2001',
    refundedOn: '2026-11-21',
    timeZone: TZ,
    ...extra,
  },
  metadata: at(NOW),
});

const LATER = '2026-11-22T05:30:00.000Z'; // 11:30 p.m. on the 21st in Chicago

const unapply = (
  invoiceId: string,
  invoicePaymentId: string,
  extra: Partial<UnapplyAccountCredit['data']> = {},
): UnapplyAccountCredit => ({
  type: 'UnapplyAccountCredit',
  data: { customerId: CUSTOMER, invoiceId, invoicePaymentId, byOwner: true, timeZone: TZ, ...extra },
  metadata: at(LATER),
});

/** A payment logged on the invoice itself (POST /invoice/{id}/payment), as `own-1`. */
function logOwn(world: AccountWorld, invoiceId: string, amountCents: number, confirmFullyPaid = false) {
  const events = logPayment(liveIn(world, invoiceId), {
    type: 'LogPayment',
    data: {
      invoiceId,
      paymentId: 'own-1',
      amountCents,
      receivedOn: '2026-11-21',
      note: '',
      confirmFullyPaid,
      timeZone: TZ,
    },
    metadata: at(NOW),
  });
  record(world, { account: [], invoices: { [invoiceId]: events } });
}

function errorOf(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

describe('Payments on account', () => {
  it('given three open invoices, when a check pays more than them, then oldest first and the rest is credit', () => {
    const world = aCustomerWorld([100, 200, 50]);
    const decided = record(world, receivePaymentOnAccount(statesOf(world), receive(world, 40_000)));

    expect(decided.account).toEqual([
      {
        type: 'PaymentReceivedOnAccount',
        data: {
          customerId: CUSTOMER,
          companyId: 'co-1',
          paymentId: 'pay-1',
          amountCents: 40_000,
          method: 'check',
          reference: '1042',
          receivedOn: '2026-11-21',
          note: '',
          receivedAt: NOW,
        },
      },
      {
        type: 'AccountCreditApplied',
        data: {
          customerId: CUSTOMER,
          companyId: 'co-1',
          applicationId: 'app-1',
          paymentId: 'pay-1',
          appliedOn: '2026-11-21',
          applications: [
            { invoiceId: 'inv-1', number: '1', invoicePaymentId: 'p1-inv-1', amountCents: 10_000 },
            { invoiceId: 'inv-2', number: '2', invoicePaymentId: 'p1-inv-2', amountCents: 20_000 },
            { invoiceId: 'inv-3', number: '3', invoicePaymentId: 'p1-inv-3', amountCents: 5_000 },
          ],
          totalCents: 35_000,
          appliedAt: NOW,
        },
      },
    ]);
    expect(decided.invoices['inv-1']).toEqual([
      {
        type: 'PaymentLogged',
        data: {
          invoiceId: 'inv-1',
          companyId: 'co-1',
          paymentId: 'p1-inv-1',
          amountCents: 10_000,
          receivedOn: '2026-11-21',
          note: 'On account · Check 1042',
          loggedAt: NOW,
          account: { customerId: CUSTOMER, applicationId: 'app-1' },
        },
      },
      {
        type: 'InvoiceStatusChanged',
        data: {
          invoiceId: 'inv-1',
          companyId: 'co-1',
          from: 'invoiced',
          to: 'paid',
          reason: 'payments',
          changedAt: NOW,
        },
      },
    ]);
    expect(accountOf(world).unappliedCents).toBe(5_000);
    expect(liveIn(world, 'inv-2').invoiceStatus).toBe('paid');
  });

  it('given an open invoice, when less than it is received, then it is partially paid and no credit remains', () => {
    const world = aCustomerWorld([100]);
    record(world, receivePaymentOnAccount(statesOf(world), receive(world, 4_000)));
    expect(liveIn(world, 'inv-1').invoiceStatus).toBe('partially_paid');
    expect(accountOf(world).unappliedCents).toBe(0);
  });

  it('given invoices chosen with amounts, then only those are paid and the rest is credit', () => {
    const world = aCustomerWorld([100, 200]);
    const decided = record(
      world,
      receivePaymentOnAccount(
        statesOf(world),
        receive(world, 15_000, { chosen: [{ invoiceId: 'inv-2', amountCents: 12_000 }] }),
      ),
    );
    expect(Object.keys(decided.invoices)).toEqual(['inv-2']);
    expect(accountOf(world).unappliedCents).toBe(3_000);
  });

  it('when the same payment is decided again (a retry), then nothing more is recorded', () => {
    const world = aCustomerWorld([100]);
    record(world, receivePaymentOnAccount(statesOf(world), receive(world, 4_000)));
    expect(receivePaymentOnAccount(statesOf(world), receive(world, 4_000))).toEqual({
      account: [],
      invoices: {},
    });
  });

  it('refuses a bad amount, a bad method, chosen amounts over what was received or over an invoice', () => {
    const world = aCustomerWorld([100, 200]);
    expect(errorOf(() => receivePaymentOnAccount(statesOf(world), receive(world, 0))).details).toEqual([
      { field: 'amount', message: 'Amount must be at least 0.01.' },
    ]);
    expect(
      errorOf(() => receivePaymentOnAccount(statesOf(world), receive(world, 100, { method: 'barter' }))).code,
    ).toBe('ACCOUNT_INVALID');
    expect(
      errorOf(() =>
        receivePaymentOnAccount(
          statesOf(world),
          receive(world, 5_000, { chosen: [{ invoiceId: 'inv-2', amountCents: 6_000 }] }),
        ),
      ).message,
    ).toBe('The invoices chosen take $60.00, more than the $50.00 received.');
    expect(
      errorOf(() =>
        receivePaymentOnAccount(
          statesOf(world),
          receive(world, 50_000, { chosen: [{ invoiceId: 'inv-1', amountCents: 10_001 }] }),
        ),
      ).message,
    ).toBe('Invoice 1 has $100.00 left to pay.');
  });

  it('refuses an invoice of another customer and a cancelled invoice', () => {
    const world = aCustomerWorld([100, 200]);
    const other = aCustomerWorld([300], 'cust-2');
    world.invoices.invoices['inv-9'] = other.invoices.invoices['inv-1']!;
    expect(
      errorOf(() =>
        receivePaymentOnAccount(
          statesOf(world),
          receive(world, 100, { chosen: [{ invoiceId: 'inv-9', amountCents: 100 }] }),
        ),
      ).code,
    ).toBe('INVOICE_OF_ANOTHER_CUSTOMER');
    cancel(world, 'inv-1');
    expect(
      errorOf(() =>
        receivePaymentOnAccount(
          statesOf(world),
          receive(world, 100, { chosen: [{ invoiceId: 'inv-1', amountCents: 100 }] }),
        ),
      ).code,
    ).toBe('INVOICE_CANCELLED');
  });
});

describe('Applying and refunding credit', () => {
  it('given a credit, when it is applied to a later invoice, then the invoice is paid and the credit used', () => {
    const world = aCustomerWorld([100]);
    record(world, receivePaymentOnAccount(statesOf(world), receive(world, 15_000)));
    const later = aCustomerWorld([100, 30]);
    world.invoices.invoices['inv-2'] = later.invoices.invoices['inv-2']!;
    const decided = record(world, applyAccountCredit(statesOf(world), apply(world)));
    expect(decided.account).toEqual([
      {
        type: 'AccountCreditApplied',
        data: {
          customerId: CUSTOMER,
          companyId: 'co-1',
          applicationId: 'app-2',
          paymentId: null,
          appliedOn: '2026-11-21',
          applications: [
            { invoiceId: 'inv-2', number: '2', invoicePaymentId: 'p2-inv-2', amountCents: 3_000 },
          ],
          totalCents: 3_000,
          appliedAt: NOW,
        },
      },
    ]);
    expect(liveIn(world, 'inv-2').invoiceStatus).toBe('paid');
    expect(accountOf(world).unappliedCents).toBe(2_000);
  });

  it('refuses to apply more than the credit, or with no credit', () => {
    const world = aCustomerWorld([100, 200]);
    expect(errorOf(() => applyAccountCredit(statesOf(world), apply(world))).code).toBe('NO_CREDIT');
    record(world, receivePaymentOnAccount(statesOf(world), receive(world, 5_000, { chosen: [] })));
    expect(
      errorOf(() =>
        applyAccountCredit(
          statesOf(world),
          apply(world, { chosen: [{ invoiceId: 'inv-2', amountCents: 5_001 }] }),
        ),
      ).message,
    ).toBe("$50.01 is more than the customer's unapplied credit of $50.00.");
  });

  it('given a credit, when part is refunded by check, then the credit falls; never more than the credit', () => {
    const world = aCustomerWorld([]);
    record(world, receivePaymentOnAccount(statesOf(world), receive(world, 5_000)));
    expect(refundAccountCredit(accountOf(world), refund(2_000))).toEqual([
      {
        type: 'AccountCreditRefunded',
        data: {
          customerId: CUSTOMER,
          companyId: 'co-1',
          refundId: 'ref-1',
          amountCents: 2_000,
          method: 'check',
          reference: '2001',
          refundedOn: '2026-11-21',
          refundedAt: NOW,
        },
      },
    ]);
    expect(errorOf(() => refundAccountCredit(accountOf(world), refund(5_001))).code).toBe('MORE_THAN_CREDIT');
    expect(errorOf(() => refundAccountCredit(accountOf(world), refund(100, { method: 'cash' }))).code).toBe(
      'ACCOUNT_INVALID',
    );
  });
});

describe('An invoice paid from the account', () => {
  it('keeps its customer: a revision moving it to another customer is refused', () => {
    const world = aCustomerWorld([100]);
    record(world, receivePaymentOnAccount(statesOf(world), receive(world, 5_000)));
    const before = liveIn(world, 'inv-1');
    const moved = [
      {
        type: 'InvoiceRevised' as const,
        data: { ...before, customer: { ...before.customer, id: 'cust-2' } } as never,
      },
    ];
    expect(errorOf(() => keepAccountCustomer(before, moved)).message).toBe(
      "Invoice 1 was paid from the customer's account: its customer cannot change. Cancel it (its payments become the customer's credit) and replace it.",
    );
    expect(() => keepAccountCustomer(before, [])).not.toThrow();
  });
});

describe('A cancelled invoice with payments', () => {
  it('given a paid invoice, when it is cancelled, then its payments become the customer credit', () => {
    const world = aCustomerWorld([100, 200]);
    record(world, receivePaymentOnAccount(statesOf(world), receive(world, 10_000)));
    const decided = cancel(world, 'inv-1');
    expect(decided.account).toEqual([
      {
        type: 'InvoicePaymentsCredited',
        data: {
          customerId: CUSTOMER,
          companyId: 'co-1',
          invoiceId: 'inv-1',
          number: '1',
          amountCents: 10_000,
          receivedCents: 0,
          creditedOn: '2026-11-21',
          creditedAt: NOW,
        },
      },
    ]);
    expect(decided.invoices['inv-1']).toContainEqual({
      type: 'InvoicePaymentsMovedToCredit',
      data: {
        invoiceId: 'inv-1',
        companyId: 'co-1',
        customerId: CUSTOMER,
        amountCents: 10_000,
        paymentIds: ['p1-inv-1'],
        movedAt: NOW,
      },
    });
    expect(liveIn(world, 'inv-1').payments).toEqual([]);
    expect(accountOf(world).unappliedCents).toBe(10_000);
    const balance = customerBalance([liveIn(world, 'inv-1'), liveIn(world, 'inv-2')], accountOf(world));
    expect(balance).toMatchObject({ balanceCents: 10_000, openCents: 20_000, unappliedCents: 10_000 });
    expect(balance.balanceCents).toBe(balance.openCents - balance.unappliedCents);
  });
});

describe('Taking a share back to credit', () => {
  /** A $400 check over invoices of $100, $200 and $50: all three paid, $50 left as credit. */
  function paidFromTheAccount() {
    const world = aCustomerWorld([100, 200, 50]);
    record(world, receivePaymentOnAccount(statesOf(world), receive(world, 40_000)));
    return world;
  }

  it('given a check applied to three invoices, when one share is taken back, then the invoice owes it again and the credit grows', () => {
    const world = paidFromTheAccount();
    const decided = record(world, unapplyAccountCredit(statesOf(world), unapply('inv-2', 'p1-inv-2')));

    expect(decided.account).toEqual([
      {
        type: 'AccountCreditUnapplied',
        data: {
          customerId: CUSTOMER,
          companyId: 'co-1',
          applicationId: 'app-1',
          invoiceId: 'inv-2',
          number: '2',
          invoicePaymentId: 'p1-inv-2',
          amountCents: 20_000,
          unappliedOn: '2026-11-21',
          unappliedAt: LATER,
        },
      },
    ]);
    expect(decided.invoices).toEqual({
      'inv-2': [
        {
          type: 'PaymentDeleted',
          data: {
            invoiceId: 'inv-2',
            companyId: 'co-1',
            paymentId: 'p1-inv-2',
            deletedAt: LATER,
            takenBackToCredit: true,
          },
        },
        {
          type: 'InvoiceStatusChanged',
          data: {
            invoiceId: 'inv-2',
            companyId: 'co-1',
            from: 'paid',
            to: 'invoiced',
            reason: 'payments',
            changedAt: LATER,
          },
        },
      ],
    });
    expect(liveIn(world, 'inv-2')).toMatchObject({ invoiceStatus: 'invoiced', payments: [] });
    expect(liveIn(world, 'inv-1').invoiceStatus).toBe('paid');
    expect(accountOf(world)).toMatchObject({ appliedCents: 15_000, unappliedCents: 25_000 });
    const invoices = ['inv-1', 'inv-2', 'inv-3'].map((id) => liveIn(world, id));
    const balance = customerBalance(invoices, accountOf(world));
    expect(balance).toMatchObject({ balanceCents: -5_000, openCents: 20_000, unappliedCents: 25_000 });
    expect(balance.balanceCents).toBe(balance.openCents - balance.unappliedCents);
  });

  it('given an invoice paid in part by the account and in part on itself, when the share is taken back, then it is partially paid', () => {
    const world = aCustomerWorld([100]);
    record(world, receivePaymentOnAccount(statesOf(world), receive(world, 6_000)));
    logOwn(world, 'inv-1', 4_000);
    const decided = record(world, unapplyAccountCredit(statesOf(world), unapply('inv-1', 'p1-inv-1')));
    expect(decided.invoices['inv-1']).toContainEqual({
      type: 'InvoiceStatusChanged',
      data: {
        invoiceId: 'inv-1',
        companyId: 'co-1',
        from: 'paid',
        to: 'partially_paid',
        reason: 'payments',
        changedAt: LATER,
      },
    });
    expect(liveIn(world, 'inv-1').payments.map((p) => p.id)).toEqual(['own-1']);
    expect(accountOf(world).unappliedCents).toBe(6_000);
  });

  it('when the same share is taken back again (a retry), then nothing more is recorded', () => {
    const world = paidFromTheAccount();
    record(world, unapplyAccountCredit(statesOf(world), unapply('inv-2', 'p1-inv-2')));
    expect(unapplyAccountCredit(statesOf(world), unapply('inv-2', 'p1-inv-2'))).toEqual({
      account: [],
      invoices: {},
    });
    expect(accountOf(world).unappliedCents).toBe(25_000);
  });

  it('given a share taken back, when the credit is applied again, then it pays the invoice chosen', () => {
    const world = paidFromTheAccount();
    record(world, unapplyAccountCredit(statesOf(world), unapply('inv-2', 'p1-inv-2')));
    record(
      world,
      applyAccountCredit(
        statesOf(world),
        apply(world, { chosen: [{ invoiceId: 'inv-2', amountCents: 20_000 }] }),
      ),
    );
    expect(liveIn(world, 'inv-2').invoiceStatus).toBe('paid');
    expect(accountOf(world)).toMatchObject({ appliedCents: 35_000, unappliedCents: 5_000 });
  });

  it("is the owner's alone, like a payment's edit or deletion", () => {
    const world = paidFromTheAccount();
    const refused = errorOf(() =>
      unapplyAccountCredit(statesOf(world), unapply('inv-2', 'p1-inv-2', { byOwner: false })),
    );
    expect([refused.code, refused.kind, refused.message]).toEqual([
      'PAYMENT_OWNER_ONLY',
      'forbidden',
      'Only the owner can edit or delete payments.',
    ]);
  });

  it("refuses an unknown invoice or payment, a payment paid on the invoice itself, and another customer's", () => {
    const world = paidFromTheAccount();
    expect(errorOf(() => unapplyAccountCredit(statesOf(world), unapply('inv-9', 'p1-inv-2'))).code).toBe(
      'INVOICE_NOT_FOUND',
    );
    expect(errorOf(() => unapplyAccountCredit(statesOf(world), unapply('inv-1', 'p1-inv-2'))).kind).toBe(
      'not_found',
    );
    logOwn(world, 'inv-1', 100, true);
    expect(errorOf(() => unapplyAccountCredit(statesOf(world), unapply('inv-1', 'own-1'))).message).toBe(
      "This payment on invoice 1 was not applied from this customer's account: it is changed on the invoice.",
    );
    expect(
      errorOf(() =>
        unapplyAccountCredit(statesOf(world), unapply('inv-1', 'p1-inv-1', { customerId: 'cust-2' })),
      ).code,
    ).toBe('PAYMENT_NOT_FROM_ACCOUNT');
  });

  it('refuses a cancelled invoice: its payments already became the customer credit', () => {
    const world = paidFromTheAccount();
    cancel(world, 'inv-1');
    const refused = errorOf(() => unapplyAccountCredit(statesOf(world), unapply('inv-1', 'p1-inv-1')));
    expect([refused.kind, refused.message]).toEqual([
      'conflict',
      "Invoice 1 is cancelled: its payments already became the customer's credit.",
    ]);
    expect(accountOf(world).unappliedCents).toBe(15_000);
  });
});

describe('A payment as a line names it', () => {
  it('says the method and the reference, the method once where the reference starts with it', () => {
    expect(methodAndReference('Check', '1042')).toBe('Check 1042');
    expect(methodAndReference('Check', ' check #5521 ')).toBe('check #5521');
    expect(methodAndReference('ACH', '')).toBe('ACH');
    expect(accountPaymentNote('check', 'Check #5521')).toBe('On account · Check #5521');
  });
});
