import { businessDate, isBusinessDate } from '../shared/business-date.js';
import type { CommandMetadata } from '../shared/decider.js';
import { DomainError } from '../shared/domain-error.js';
import { addCalendarDays, businessDaysAfter, texasHolidayOn } from '../shared/texas-calendar.js';
import type { CheckDeposited, CheckDishonoured, Payment } from './invoice-payment.events.js';
import { followPayments } from './invoice-payments.js';
import { invoiceError, invoiceInvalid } from './invoice.errors.js';
import type { InvoiceStatusChanged } from './invoice.events.js';
import type { Invoice, LiveInvoice } from './invoice.state.js';

/**
 * When a check taken for alcohol must be in the bank, as the cash law asks: a check for beer within 2 days of
 * receipt, Sundays and holidays not counted; a check for liquor or wine within 5 business days
 * (Monday–Friday, Texas holidays not counted: shared/texas-calendar.ts). The day it was received never counts. An
 * invoice with a beer line follows the beer rule. Pure.
 */

export const BEER_CHECK_DEPOSIT_DAYS = 2;
export const LIQUOR_CHECK_DEPOSIT_BUSINESS_DAYS = 5;

/** A dishonoured check must be reported to TABC; the customer then buys for cash only. */
export const DISHONOURED_CHECK_NOTE =
  'A dishonoured check must be reported to TABC, and the customer then buys for cash only.';

/** The `count`-th day after `date` that is neither a Sunday nor a Texas holiday. */
function daysAfterSkippingSundaysAndHolidays(date: string, count: number): string {
  let day = date;
  let left = count;
  while (left > 0) {
    day = addCalendarDays(day, 1);
    const sunday = new Date(`${day}T00:00:00Z`).getUTCDay() === 0;
    if (!sunday && texasHolidayOn(day) === undefined) left -= 1;
  }
  return day;
}

/** The last day a check received on `receivedOn` may be deposited. */
export function checkDepositDeadline(receivedOn: string, beer: boolean): string {
  return beer
    ? daysAfterSkippingSundaysAndHolidays(receivedOn, BEER_CHECK_DEPOSIT_DAYS)
    : businessDaysAfter(receivedOn, LIQUOR_CHECK_DEPOSIT_BUSINESS_DAYS);
}

/** Not deposited after its deadline, on the company's `today`. */
export const checkOverdue = (receivedOn: string, beer: boolean, today: string): boolean =>
  today > checkDepositDeadline(receivedOn, beer);

export const DEPOSIT_MESSAGES = {
  notFound: 'Payment not found',
  notCheck: 'Only a check is deposited or dishonoured.',
  deposited: 'This check was deposited already.',
  depositedOn: 'Deposit date must be a date (YYYY-MM-DD), not before the check was received nor after today.',
  noteTooLong: 'Note must be at most 2000 characters.',
} as const;

export interface MarkCheckDeposited {
  type: 'MarkCheckDeposited';
  data: { invoiceId: string; paymentId: string; depositedOn: string; timeZone: string };
  metadata: CommandMetadata;
}

export interface MarkCheckDishonoured {
  type: 'MarkCheckDishonoured';
  data: { invoiceId: string; paymentId: string; note: string };
  metadata: CommandMetadata;
}

function checkOf(state: Invoice, paymentId: string): { invoice: LiveInvoice; check: Payment } {
  if (state.status !== 'live') throw invoiceError('INVOICE_NOT_FOUND');
  const check = state.payments.find((p) => p.id === paymentId);
  if (!check) throw new DomainError('PAYMENT_NOT_FOUND', 'not_found', DEPOSIT_MESSAGES.notFound);
  if (check.method !== 'check') throw new DomainError('NOT_A_CHECK', 'conflict', DEPOSIT_MESSAGES.notCheck);
  return { invoice: state, check };
}

/** Mark Deposited: the check is in the bank on `depositedOn` (from its receipt to today). Once only. */
export function markCheckDeposited(state: Invoice, { data, metadata }: MarkCheckDeposited): CheckDeposited[] {
  const { invoice, check } = checkOf(state, data.paymentId);
  if (check.depositedOn) throw new DomainError('CHECK_DEPOSITED', 'conflict', DEPOSIT_MESSAGES.deposited);
  const today = businessDate(metadata.now, data.timeZone);
  if (!isBusinessDate(data.depositedOn) || data.depositedOn < check.receivedOn || data.depositedOn > today)
    throw invoiceInvalid([{ field: 'deposited_on', message: DEPOSIT_MESSAGES.depositedOn }]);
  return [
    {
      type: 'CheckDeposited',
      data: {
        invoiceId: invoice.id,
        companyId: invoice.companyId,
        paymentId: check.id,
        depositedOn: data.depositedOn,
        depositedAt: metadata.now,
      },
    },
  ];
}

/**
 * Mark Dishonoured: the check came back unpaid, so it no longer pays the invoice (its status follows what is owed).
 * Deposited or not.
 */
export function markCheckDishonoured(
  state: Invoice,
  { data, metadata }: MarkCheckDishonoured,
): (CheckDishonoured | InvoiceStatusChanged)[] {
  const { invoice, check } = checkOf(state, data.paymentId);
  if (data.note.length > 2_000)
    throw invoiceInvalid([{ field: 'note', message: DEPOSIT_MESSAGES.noteTooLong }]);
  return [
    {
      type: 'CheckDishonoured',
      data: {
        invoiceId: invoice.id,
        companyId: invoice.companyId,
        customerId: invoice.customer.id,
        paymentId: check.id,
        amountCents: check.amountCents,
        note: data.note.trim(),
        dishonouredAt: metadata.now,
      },
    },
    ...(invoice.invoiceStatus === 'cancelled'
      ? []
      : followPayments(
          invoice,
          invoice.payments.filter((p) => p.id !== check.id),
          metadata.now,
        )),
  ];
}
