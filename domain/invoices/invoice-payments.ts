import { businessDate, daysBetween, isBusinessDate } from '../shared/business-date.js';
import { DomainError } from '../shared/domain-error.js';
import type { FieldProblem } from '../shared/field-rules.js';
import type { CommandMetadata } from '../shared/decider.js';
import type { InvoiceStatus } from '../shared/invoice-status.js';
import { addDays } from '../stamps/stamp.rules.js';
import { creditedCents } from '../credits/credit-memo.state.js';
import { invoiceError, invoiceInvalid } from './invoice.errors.js';
import type { InvoiceStatusChanged } from './invoice.events.js';
import type { Invoice, LiveInvoice } from './invoice.state.js';
import {
  paidCents,
  type Payment,
  type PaymentDeleted,
  type PaymentLogged,
  type PaymentUpdated,
} from './invoice-payment.events.js';

/**
 * Payments (as the client's specification asks): money received against an invoice, as events of
 * its `invoice-{id}` stream. Amounts are cents; the received date is a business date in the company's time zone.
 */

export const PAYMENT_RECEIVED_DAYS_AHEAD = 3;
export const MIN_PAYMENT_CENTS = 1;
export const MAX_PAYMENT_CENTS = 100_000_000_00; // $100,000,000.00
export const MAX_PAYMENT_NOTE = 2_000;

export const PAYMENT_MESSAGES = {
  amount: 'Amount must be at least 0.01.',
  amountTooLarge: 'Amount is too large.',
  receivedRequired: 'Received date is required.',
  receivedInvalid: 'Received date must be a date (YYYY-MM-DD).',
  receivedTooLate: (latest: string) => `Received date can be at most 3 days ahead (${latest}).`,
  noteTooLong: `Note must be at most ${MAX_PAYMENT_NOTE} characters.`,
  /** the client's specification's Payment */
  fullyPaid: 'Invoice has been fully paid, sure you want to log another payment?',
  cancelled: 'A cancelled invoice cannot be given payments.',
  notFound: 'Payment not found',
  ownerOnly: 'Only the owner can edit or delete payments.',
  fromAccount:
    "This payment was applied from the customer's account: it is changed on the customer's account, not on the invoice.",
} as const;

export interface PaymentInput {
  amountCents: number | undefined;
  receivedOn: string | undefined;
  note: string;
}

export interface LogPayment {
  type: 'LogPayment';
  data: PaymentInput & {
    invoiceId: string;
    paymentId: string;
    /** The user confirmed logging a payment on a fully paid invoice. */
    confirmFullyPaid: boolean;
    timeZone: string;
  };
  metadata: CommandMetadata;
}

export interface UpdatePayment {
  type: 'UpdatePayment';
  data: PaymentInput & { invoiceId: string; paymentId: string; byOwner: boolean; timeZone: string };
  metadata: CommandMetadata;
}

export interface DeletePayment {
  type: 'DeletePayment';
  data: { invoiceId: string; paymentId: string; byOwner: boolean };
  metadata: CommandMetadata;
}

/**
 * What is owed on the invoice before payments: its total less the money of its credit memos that are not void.
 * Every balance, remaining amount and paid status counts credits through this one function.
 */
export const netTotalCents = (
  invoice: Pick<LiveInvoice, 'totals'> & { credits?: LiveInvoice['credits'] },
): number => invoice.totals.totalCents - creditedCents(invoice.credits);

/** What is left to pay (never below 0: the amount the payment form offers): the net total less payments. */
export const remainingCents = (
  invoice: Pick<LiveInvoice, 'totals' | 'payments'> & { credits?: LiveInvoice['credits'] },
): number => Math.max(0, netTotalCents(invoice) - paidCents(invoice.payments));

function paymentProblems(input: PaymentInput, now: string, timeZone: string): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const { amountCents, receivedOn } = input;
  if (amountCents === undefined || !Number.isSafeInteger(amountCents) || amountCents < MIN_PAYMENT_CENTS)
    problems.push({ field: 'amount', message: PAYMENT_MESSAGES.amount });
  else if (amountCents > MAX_PAYMENT_CENTS)
    problems.push({ field: 'amount', message: PAYMENT_MESSAGES.amountTooLarge });
  if (receivedOn === undefined || receivedOn === '')
    problems.push({ field: 'received_at', message: PAYMENT_MESSAGES.receivedRequired });
  else if (!isBusinessDate(receivedOn))
    problems.push({ field: 'received_at', message: PAYMENT_MESSAGES.receivedInvalid });
  else {
    const today = businessDate(now, timeZone);
    if (daysBetween(today, receivedOn) > PAYMENT_RECEIVED_DAYS_AHEAD)
      problems.push({
        field: 'received_at',
        message: PAYMENT_MESSAGES.receivedTooLate(addDays(today, PAYMENT_RECEIVED_DAYS_AHEAD)),
      });
  }
  if (input.note.length > MAX_PAYMENT_NOTE)
    problems.push({ field: 'note', message: PAYMENT_MESSAGES.noteTooLong });
  return problems;
}

function payable(state: Invoice): LiveInvoice {
  if (state.status !== 'live') throw invoiceError('INVOICE_NOT_FOUND');
  if (state.invoiceStatus === 'cancelled')
    throw new DomainError('INVOICE_CANCELLED', 'conflict', PAYMENT_MESSAGES.cancelled);
  return state;
}

function ownPayment(invoice: LiveInvoice, paymentId: string, byOwner: boolean): Payment {
  if (!byOwner) throw new DomainError('PAYMENT_OWNER_ONLY', 'forbidden', PAYMENT_MESSAGES.ownerOnly);
  const payment = invoice.payments.find((p) => p.id === paymentId);
  if (!payment) throw new DomainError('PAYMENT_NOT_FOUND', 'not_found', PAYMENT_MESSAGES.notFound);
  if (payment.fromAccount)
    throw new DomainError('PAYMENT_FROM_ACCOUNT', 'conflict', PAYMENT_MESSAGES.fromAccount);
  return payment;
}

/**
 * The status payments give the invoice once they change: fully paid → paid, partly → partially_paid, none → the
 * status it had before payments moved it (when they had). A user's later manual choice still wins; the history
 * keeps both (reason 'payments' / 'user').
 */
export function statusAfterPayments(invoice: LiveInvoice, payments: readonly Payment[]): InvoiceStatus {
  const paid = paidCents(payments);
  const total = netTotalCents(invoice);
  if (paid > 0 && paid >= total) return 'paid';
  if (paid > 0) return 'partially_paid';
  if (invoice.invoiceStatus === 'paid' || invoice.invoiceStatus === 'partially_paid')
    return invoice.statusBeforePayments ?? invoice.invoiceStatus;
  return invoice.invoiceStatus;
}

/** The status change payments (and credits, which lower what is owed) give the invoice, if any. */
export function followPayments(
  invoice: LiveInvoice,
  payments: readonly Payment[],
  now: string,
): InvoiceStatusChanged[] {
  const to = statusAfterPayments(invoice, payments);
  if (to === invoice.invoiceStatus) return [];
  return [
    {
      type: 'InvoiceStatusChanged',
      data: {
        invoiceId: invoice.id,
        companyId: invoice.companyId,
        from: invoice.invoiceStatus,
        to,
        reason: 'payments',
        changedAt: now,
      },
    },
  ];
}

export function logPayment(
  state: Invoice,
  { data, metadata }: LogPayment,
): (PaymentLogged | InvoiceStatusChanged)[] {
  const invoice = payable(state);
  if (invoice.payments.some((p) => p.id === data.paymentId)) return []; // a retry of the same payment
  const problems = paymentProblems(data, metadata.now, data.timeZone);
  if (problems.length > 0) throw invoiceInvalid(problems);
  if (remainingCents(invoice) <= 0 && !data.confirmFullyPaid)
    throw new DomainError('INVOICE_FULLY_PAID', 'conflict', PAYMENT_MESSAGES.fullyPaid);
  const payment: Payment = {
    id: data.paymentId,
    amountCents: data.amountCents!,
    receivedOn: data.receivedOn!,
    note: data.note,
    loggedAt: metadata.now,
  };
  return [
    {
      type: 'PaymentLogged',
      data: {
        invoiceId: invoice.id,
        companyId: invoice.companyId,
        paymentId: payment.id,
        amountCents: payment.amountCents,
        receivedOn: payment.receivedOn,
        note: payment.note,
        loggedAt: metadata.now,
      },
    },
    ...followPayments(invoice, [...invoice.payments, payment], metadata.now),
  ];
}

export function updatePayment(
  state: Invoice,
  { data, metadata }: UpdatePayment,
): (PaymentUpdated | InvoiceStatusChanged)[] {
  const invoice = payable(state);
  const payment = ownPayment(invoice, data.paymentId, data.byOwner);
  const problems = paymentProblems(data, metadata.now, data.timeZone);
  if (problems.length > 0) throw invoiceInvalid(problems);
  const changed = {
    ...payment,
    amountCents: data.amountCents!,
    receivedOn: data.receivedOn!,
    note: data.note,
  };
  if (
    changed.amountCents === payment.amountCents &&
    changed.receivedOn === payment.receivedOn &&
    changed.note === payment.note
  )
    return [];
  return [
    {
      type: 'PaymentUpdated',
      data: {
        invoiceId: invoice.id,
        companyId: invoice.companyId,
        paymentId: payment.id,
        amountCents: changed.amountCents,
        receivedOn: changed.receivedOn,
        note: changed.note,
        updatedAt: metadata.now,
      },
    },
    ...followPayments(
      invoice,
      invoice.payments.map((p) => (p.id === payment.id ? changed : p)),
      metadata.now,
    ),
  ];
}

export function deletePayment(
  state: Invoice,
  { data, metadata }: DeletePayment,
): (PaymentDeleted | InvoiceStatusChanged)[] {
  if (state.status !== 'live') throw invoiceError('INVOICE_NOT_FOUND');
  const payment = ownPayment(state, data.paymentId, data.byOwner);
  return [
    {
      type: 'PaymentDeleted',
      data: {
        invoiceId: state.id,
        companyId: state.companyId,
        paymentId: payment.id,
        deletedAt: metadata.now,
      },
    },
    ...(state.invoiceStatus === 'cancelled'
      ? []
      : followPayments(
          state,
          state.payments.filter((p) => p.id !== payment.id),
          metadata.now,
        )),
  ];
}
