import { deciderSpec } from '../shared/decider-spec.js';
import { checkDepositDeadline, checkOverdue } from './check-deposits.js';
import { invoiceDecider } from './invoice.decider.js';
import { aCreate, aDraft, aWorld, create, liquor, metadata, NOW } from './invoice.fixtures.js';
import type { InvoiceStreamEvent } from './invoice.state.js';

/** The deposit deadline of a check taken at delivery: beer 2 days (no Sundays, no holidays), liquor 5 business days. */
describe('Check deposit deadlines', () => {
  it('given a beer check taken on a Friday, then Saturday and Monday count: Sunday does not', () => {
    expect(checkDepositDeadline('2026-11-06', true)).toBe('2026-11-09');
  });

  it('given a beer check taken the Wednesday before Thanksgiving, then the two holidays and Sunday do not count: due Monday', () => {
    expect(checkDepositDeadline('2026-11-25', true)).toBe('2026-11-30');
  });

  it('given a liquor check taken on a Friday, then five business days without Veterans Day: due the Monday after next', () => {
    expect(checkDepositDeadline('2026-11-06', false)).toBe('2026-11-16');
  });

  it('given a liquor check taken the Monday of Thanksgiving week, then Thursday, Friday and the weekend are skipped', () => {
    expect(checkDepositDeadline('2026-11-23', false)).toBe('2026-12-02');
  });

  it('given a check not deposited, then it is overdue only after its deadline', () => {
    expect(checkOverdue('2026-11-06', true, '2026-11-09')).toBe(false);
    expect(checkOverdue('2026-11-06', true, '2026-11-10')).toBe(true);
  });
});

const world = () => {
  const w = aWorld();
  create(w, aCreate([aDraft({ invoiceId: 'inv-1', lines: [liquor(1)] })]));
  return w.invoices['inv-1']! as InvoiceStreamEvent[];
};
const check: InvoiceStreamEvent = {
  type: 'PaymentLogged',
  data: {
    invoiceId: 'inv-1',
    companyId: 'co-1',
    paymentId: 'pay-1',
    amountCents: 2164,
    receivedOn: '2026-11-20',
    note: 'Collected on delivery.',
    loggedAt: NOW,
    method: 'check',
    reference: '1042',
  },
};
const paidInFull: InvoiceStreamEvent = {
  type: 'InvoiceStatusChanged',
  data: {
    invoiceId: 'inv-1',
    companyId: 'co-1',
    from: 'invoiced',
    to: 'paid',
    reason: 'payments',
    changedAt: NOW,
  },
};
const spec = deciderSpec(invoiceDecider);
const deposit = (depositedOn: string, paymentId = 'pay-1') => ({
  type: 'MarkCheckDeposited' as const,
  data: { invoiceId: 'inv-1', paymentId, depositedOn, timeZone: 'America/Chicago' },
  metadata,
});
const dishonour = {
  type: 'MarkCheckDishonoured' as const,
  data: { invoiceId: 'inv-1', paymentId: 'pay-1', note: ' Returned NSF ' },
  metadata,
};

describe('Mark Deposited and Mark Dishonoured', () => {
  it('given a check taken at delivery, when deposited the next day, then CheckDeposited', () =>
    spec([...world(), check, paidInFull])
      .when(deposit('2026-11-21'))
      .then([
        {
          type: 'CheckDeposited',
          data: {
            invoiceId: 'inv-1',
            companyId: 'co-1',
            paymentId: 'pay-1',
            depositedOn: '2026-11-21',
            depositedAt: NOW,
          },
        },
      ]));

  it('given a deposited check, when deposited again, then it is refused', () =>
    spec([
      ...world(),
      check,
      paidInFull,
      ...[
        {
          type: 'CheckDeposited',
          data: {
            invoiceId: 'inv-1',
            companyId: 'co-1',
            paymentId: 'pay-1',
            depositedOn: '2026-11-21',
            depositedAt: NOW,
          },
        } as InvoiceStreamEvent,
      ],
    ])
      .when(deposit('2026-11-21'))
      .thenThrows('This check was deposited already.'));

  it('given a check, when deposited before it was received or after today, then the date is refused', () =>
    spec([...world(), check])
      .when(deposit('2026-11-19'))
      .thenThrows(
        'Deposit date must be a date (YYYY-MM-DD), not before the check was received nor after today.',
      ));

  it('given a paid invoice, when its check is dishonoured, then the check no longer pays it: back to Invoiced', () =>
    spec([...world(), check, paidInFull])
      .when(dishonour)
      .then([
        {
          type: 'CheckDishonoured',
          data: {
            invoiceId: 'inv-1',
            companyId: 'co-1',
            customerId: 'cust-1',
            paymentId: 'pay-1',
            amountCents: 2164,
            note: 'Returned NSF',
            dishonouredAt: NOW,
          },
        },
        {
          type: 'InvoiceStatusChanged',
          data: {
            invoiceId: 'inv-1',
            companyId: 'co-1',
            from: 'paid',
            to: 'invoiced',
            reason: 'payments',
            changedAt: NOW,
          },
        },
      ]));

  it('given a payment logged in the office, when marked deposited, then only a check is', () =>
    spec([
      ...world(),
      {
        type: 'PaymentLogged',
        data: {
          invoiceId: 'inv-1',
          companyId: 'co-1',
          paymentId: 'pay-2',
          amountCents: 100,
          receivedOn: '2026-11-20',
          note: '',
          loggedAt: NOW,
        },
      },
    ])
      .when(deposit('2026-11-21', 'pay-2'))
      .thenThrows('Only a check is deposited or dishonoured.'));
});
