import { businessDate, daysBetween, isBusinessDate } from '../shared/business-date.js';
import { DomainError } from '../shared/domain-error.js';
import type { FieldProblem } from '../shared/field-rules.js';
import { addDays } from '../stamps/stamp.rules.js';
import {
  MAX_PAYMENT_CENTS,
  MIN_PAYMENT_CENTS,
  PAYMENT_MESSAGES,
  PAYMENT_RECEIVED_DAYS_AHEAD,
} from '../invoices/invoice-payments.js';
import { PAYMENT_METHODS, REFUND_METHODS } from './customer-account.events.js';

export const MAX_ACCOUNT_REFERENCE = 100;
export const MAX_ACCOUNT_NOTE = 2_000;
/** The most invoices one payment or application may name. */
export const MAX_APPLICATIONS = 200;
/** The account's entries are answered a page at a time, newest first: this many unless asked. */
export const ACCOUNT_ENTRIES_PAGE = 50;
/** The most entries one page may ask for. */
export const MAX_ACCOUNT_ENTRIES_PAGE = 200;

const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export const ACCOUNT_MESSAGES = {
  amount: PAYMENT_MESSAGES.amount,
  amountTooLarge: PAYMENT_MESSAGES.amountTooLarge,
  method: `Method must be one of: ${PAYMENT_METHODS.join(', ')}.`,
  refundMethod: `Refund method must be one of: ${REFUND_METHODS.join(', ')}.`,
  referenceTooLong: `Reference must be at most ${MAX_ACCOUNT_REFERENCE} characters.`,
  referenceRequired: 'Reference is required (the check number or the ACH trace).',
  noteTooLong: `Note must be at most ${MAX_ACCOUNT_NOTE} characters.`,
  dateRequired: 'Date is required.',
  dateInvalid: 'Date must be a date (YYYY-MM-DD).',
  dateTooLate: (latest: string) => `Date can be at most 3 days ahead (${latest}).`,
  tooManyInvoices: `At most ${MAX_APPLICATIONS} invoices at once.`,
  sameInvoiceTwice: 'Each invoice may be named once.',
  entriesLimit: `limit must be a whole number from 1 to ${MAX_ACCOUNT_ENTRIES_PAGE}.`,
  entriesBefore: 'before must be the next_before of an earlier page (a whole number of at least 1).',
} as const;

type Values = Record<string, string | number>;

const catalogue = {
  MORE_THAN_RECEIVED: {
    kind: 'invalid',
    message: ({ applied, amount }: Values) =>
      `The invoices chosen take ${dollars(+applied)}, more than the ${dollars(+amount)} received.`,
  },
  MORE_THAN_CREDIT: {
    kind: 'conflict',
    message: ({ asked, credit }: Values) =>
      `${dollars(+asked)} is more than the customer's unapplied credit of ${dollars(+credit)}.`,
  },
  NO_CREDIT: { kind: 'conflict', message: () => 'The customer has no unapplied credit.' },
  NOTHING_OPEN: { kind: 'conflict', message: () => 'The customer has no open invoice to apply it to.' },
  INVOICE_OF_ANOTHER_CUSTOMER: {
    kind: 'invalid',
    message: ({ number }: Values) => `Invoice ${number} is not this customer's.`,
  },
  INVOICE_CANCELLED: {
    kind: 'conflict',
    message: ({ number }: Values) => `Invoice ${number} is cancelled: nothing can be applied to it.`,
  },
  MORE_THAN_OPEN: {
    kind: 'invalid',
    message: ({ number, open }: Values) => `Invoice ${number} has ${dollars(+open)} left to pay.`,
  },
  INVOICE_NOT_FOUND: { kind: 'not_found', message: () => 'Invoice not found' },
  INVOICE_PAID_FROM_ACCOUNT: {
    kind: 'conflict',
    message: ({ number }: Values) =>
      `Invoice ${number} was paid from the customer's account: its customer cannot change. Cancel it (its payments become the customer's credit) and replace it.`,
  },
  PAYMENT_OWNER_ONLY: {
    kind: 'forbidden',
    message: () => 'Only the owner can edit or delete payments.',
  },
  PAYMENT_NOT_FOUND: { kind: 'not_found', message: () => 'Payment not found' },
  PAYMENT_NOT_FROM_ACCOUNT: {
    kind: 'conflict',
    message: ({ number }: Values) =>
      `This payment on invoice ${number} was not applied from this customer's account: it is changed on the invoice.`,
  },
  TAKE_BACK_CANCELLED: {
    kind: 'conflict',
    message: ({ number }: Values) =>
      `Invoice ${number} is cancelled: its payments already became the customer's credit.`,
  },
  CUSTOMER_CHANGED: {
    kind: 'conflict',
    message: ({ number }: Values) => `Invoice ${number} changed customer meanwhile: try again.`,
  },
} satisfies Record<string, { kind: DomainError['kind']; message: (values: Values) => string }>;

export type AccountErrorCode = keyof typeof catalogue;

export function accountError(code: AccountErrorCode, values: Values = {}): DomainError {
  const entry: { kind: DomainError['kind']; message: (values: Values) => string } = catalogue[code];
  return new DomainError(code, entry.kind, entry.message(values));
}

export const accountInvalid = (details: FieldProblem[]) =>
  new DomainError('ACCOUNT_INVALID', 'invalid', details[0]!.message, details);

export { dollars as accountDollars };

/** The problems of an amount of money received, applied or refunded. */
export function amountProblems(amountCents: number | undefined, field = 'amount'): FieldProblem[] {
  if (amountCents === undefined || !Number.isSafeInteger(amountCents) || amountCents < MIN_PAYMENT_CENTS)
    return [{ field, message: ACCOUNT_MESSAGES.amount }];
  if (amountCents > MAX_PAYMENT_CENTS) return [{ field, message: ACCOUNT_MESSAGES.amountTooLarge }];
  return [];
}

/** A received or refunded date: a business date, at most three days after the company's today. */
export function dateProblems(on: string | undefined, now: string, timeZone: string, field: string) {
  if (on === undefined || on === '') return [{ field, message: ACCOUNT_MESSAGES.dateRequired }];
  if (!isBusinessDate(on)) return [{ field, message: ACCOUNT_MESSAGES.dateInvalid }];
  const today = businessDate(now, timeZone);
  if (daysBetween(today, on) > PAYMENT_RECEIVED_DAYS_AHEAD)
    return [{ field, message: ACCOUNT_MESSAGES.dateTooLate(addDays(today, PAYMENT_RECEIVED_DAYS_AHEAD)) }];
  return [];
}

export function textProblems(reference: string, note: string): FieldProblem[] {
  return [
    ...(reference.length > MAX_ACCOUNT_REFERENCE
      ? [{ field: 'reference', message: ACCOUNT_MESSAGES.referenceTooLong }]
      : []),
    ...(note.length > MAX_ACCOUNT_NOTE ? [{ field: 'note', message: ACCOUNT_MESSAGES.noteTooLong }] : []),
  ];
}
