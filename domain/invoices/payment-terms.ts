import type { InvoiceStatus } from '../shared/invoice-status.js';
import { daysBetween } from '../shared/business-date.js';
import { addCalendarDays } from '../shared/texas-calendar.js';
import { creditLawDates, statutoryDueDate } from './credit-law.js';

/**
 * Payment terms: when an invoice is due, set once for the company and overridable per customer.
 * - `on_delivery`: due on delivery (no due date).
 * - `net_N`: due N calendar days after the invoice date, N a whole number from 1 to 30 (a due date can be at most
 *   30 days ahead).
 * - `credit_law`: liquor and wine bought on credit are due on the statutory date of the Texas credit law (the 25th
 *   for the 1st–15th, the 10th of the next month for the 16th–last). Beer has no credit: it is cash on or before
 *   delivery, so a beer invoice under these terms is due on delivery.
 * Stored as that text code; a customer without its own terms (null) follows the company's.
 */
export type PaymentTerms = 'on_delivery' | 'credit_law' | `net_${number}`;

export const DEFAULT_PAYMENT_TERMS: PaymentTerms = 'on_delivery';
export const NET_DAYS_MIN = 1;
export const NET_DAYS_MAX = 30;

export const PAYMENT_TERMS_MESSAGE = `Payment terms must be 'on_delivery', 'credit_law' or 'net_N' with N a whole number of days from ${NET_DAYS_MIN} to ${NET_DAYS_MAX}.`;

export type ParsedTerms = { kind: 'on_delivery' } | { kind: 'credit_law' } | { kind: 'net'; days: number };

/** The terms a code stands for; null when the code is not one of them. */
export function parsePaymentTerms(value: unknown): ParsedTerms | null {
  if (typeof value !== 'string') return null;
  const code = value.trim().toLowerCase();
  if (code === 'on_delivery') return { kind: 'on_delivery' };
  if (code === 'credit_law') return { kind: 'credit_law' };
  const net = /^net_(\d{1,3})$/.exec(code);
  if (!net) return null;
  const days = Number(net[1]);
  return days >= NET_DAYS_MIN && days <= NET_DAYS_MAX ? { kind: 'net', days } : null;
}

export const isPaymentTerms = (value: unknown): value is PaymentTerms => parsePaymentTerms(value) !== null;

/** The code as stored: `net_7`, never `Net_07`. */
export function paymentTermsCode(terms: ParsedTerms): PaymentTerms {
  return terms.kind === 'net' ? `net_${terms.days}` : terms.kind;
}

/** A code read back from storage, or the default for anything no version wrote. */
export const paymentTermsOr = (
  value: unknown,
  fallback: PaymentTerms = DEFAULT_PAYMENT_TERMS,
): PaymentTerms => {
  const parsed = parsePaymentTerms(value);
  return parsed ? paymentTermsCode(parsed) : fallback;
};

/** The customer's own terms when it has them, else the company's. */
export const effectivePaymentTerms = (company: unknown, customer: unknown): PaymentTerms =>
  parsePaymentTerms(customer) ? paymentTermsOr(customer) : paymentTermsOr(company);

/** How the terms read on a screen: 'Due on delivery', 'Net 30', 'Credit law (statutory date)'. */
export function paymentTermsLabel(terms: PaymentTerms): string {
  const parsed = parsePaymentTerms(terms) ?? { kind: 'on_delivery' };
  if (parsed.kind === 'net') return `Net ${parsed.days}`;
  return parsed.kind === 'credit_law' ? 'Credit law (statutory date)' : 'Due on delivery';
}

/**
 * The due date an invoice of that date starts with under the terms (null: due on delivery). Net N: N days after the
 * invoice date. Credit law: the statutory date for liquor and wine; a beer invoice is due on delivery.
 */
export function defaultDueDate(terms: PaymentTerms, invoicedOn: string, beer = false): string | null {
  const parsed = parsePaymentTerms(terms) ?? { kind: 'on_delivery' };
  if (parsed.kind === 'net') return addCalendarDays(invoicedOn, parsed.days);
  if (parsed.kind === 'credit_law') return beer ? null : statutoryDueDate(invoicedOn);
  return null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** `10 Dec 2026`: the date as the screens and the PDF print it. */
export const displayDay = (date: string): string =>
  `${date.slice(8, 10)} ${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

/**
 * The sentence the invoice note starts with, saying the same as the due date: 'Due on delivery', 'Net 30', or
 * 'Payment due by the statutory date, 10 Dec 2026'.
 */
export function paymentTermsNote(
  terms: PaymentTerms,
  invoicedOn: string,
  beer = false,
  formatDate: (date: string) => string = displayDay,
): string {
  const parsed = parsePaymentTerms(terms) ?? { kind: 'on_delivery' };
  if (parsed.kind === 'net') return `Net ${parsed.days}`;
  if (parsed.kind === 'credit_law' && !beer)
    return `Payment due by the statutory date, ${formatDate(statutoryDueDate(invoicedOn))}`;
  return 'Due on delivery';
}

/** The note a new invoice starts with: the terms' sentence, then the company's own default note. */
export function defaultInvoiceNote(termsNote: string, companyNote: string): string {
  const note = companyNote.trim();
  return note === '' ? `${termsNote}.` : `${termsNote}. ${note}`;
}

/**
 * A typed due date after the statutory date of a liquor or wine invoice on credit: the law wants payment by then, so
 * the builder warns (it does not refuse: the payment may still arrive in time). Null when nothing to say.
 */
export function lateDueDateWarning(
  dueOn: string | null,
  statutoryDueOn: string | null,
  formatDate: (date: string) => string = displayDay,
): string | null {
  if (!dueOn || !statutoryDueOn || dueOn <= statutoryDueOn) return null;
  return `The Texas credit law wants liquor and wine paid by ${formatDate(statutoryDueOn)}: a due date after it does not give the customer more time.`;
}

/** 'Due on delivery': no due date, or one today or tomorrow; a due date already past shows as the date. */
export const showsOnDelivery = (dueOn: string | null, today: string): boolean =>
  dueOn === null || (dueOn >= today && daysBetween(today, dueOn) <= 1);

/** What decides an invoice's due date and due status. */
export interface DueSubject {
  status: InvoiceStatus;
  invoicedOn: string;
  /** The due date typed on the invoice; null: due on delivery. */
  dueOn: string | null;
  /** The credit law dates this invoice (liquor or wine on credit, not beer, not a draft or cancelled, law on). */
  creditLaw: boolean;
  /** The business date the goods were delivered; null or absent: not delivered yet. */
  deliveredOn?: string | null;
}

/**
 * The date of purchase: the delivery date once the goods are delivered (TABC reads the credit law's purchase date as
 * the delivery), the invoice date before.
 */
export const purchaseDate = (invoicedOn: string, deliveredOn?: string | null): string =>
  deliveredOn ?? invoicedOn;

/**
 * The typed due date counted from the delivery: once delivered, it moves by the days from the invoice date to the
 * delivery date (a net 30 invoice delivered three days after its date is due 30 days after the delivery), never
 * earlier; an invoice due on delivery (no date typed) is due on the delivery date.
 */
export function dueFromDelivery(
  dueOn: string | null,
  invoicedOn: string,
  deliveredOn?: string | null,
): string | null {
  if (!deliveredOn) return dueOn;
  if (dueOn === null) return deliveredOn;
  const late = daysBetween(invoicedOn, deliveredOn);
  return late > 0 ? addCalendarDays(dueOn, late) : dueOn;
}

export interface InvoiceDue {
  /** The date every screen and the PDF show: the typed date, never after the statutory date. Null: on delivery. */
  dueOn: string | null;
  /** No due date, or it is today or tomorrow: 'Due on delivery'. */
  onDelivery: boolean;
  statutoryDueOn: string | null;
  /** The 4th business day after the statutory date: paid by then, the account is not delinquent. */
  lastDayToPay: string | null;
  /** The status every screen shows. */
  status: InvoiceStatus;
}

/** Unpaid statuses the dates move on: a paid, part-paid, draft or cancelled invoice keeps the status it has. */
const OPEN_STATUSES: readonly InvoiceStatus[] = ['invoiced', 'delivered', 'payment_due_soon', 'payment_due'];

/**
 * The one computation of an invoice's due date and status, for every screen, the shop, the public page, the
 * dashboard and the PDF, on `today` (the company's business date):
 * - once delivered, the dates count from the delivery date (`dueFromDelivery`, `purchaseDate`), before from the
 *   invoice date;
 * - the due date is the typed one, or the statutory date when the credit law dates the invoice and the typed one is
 *   later (or none is typed: on delivery comes first, so none stays none);
 * - 'Due on delivery' when there is no due date, or it is today or tomorrow; a date already past shows as the date;
 * - an open invoice (invoiced, delivered, due soon) is 'Due' once its due date has passed; otherwise every invoice
 *   keeps the status it was given (statuses are picked by hand, any to any).
 */
export function invoiceDue(subject: DueSubject, today: string): InvoiceDue {
  const dates = subject.creditLaw
    ? creditLawDates(purchaseDate(subject.invoicedOn, subject.deliveredOn))
    : null;
  const statutoryDueOn = dates?.statutoryDueOn ?? null;
  const typed = dueFromDelivery(subject.dueOn, subject.invoicedOn, subject.deliveredOn);
  const dueOn = typed !== null && statutoryDueOn !== null && typed > statutoryDueOn ? statutoryDueOn : typed;
  const onDelivery = showsOnDelivery(dueOn, today);
  const status =
    dueOn !== null && today > dueOn && OPEN_STATUSES.includes(subject.status)
      ? 'payment_due'
      : subject.status;
  return { dueOn, onDelivery, statutoryDueOn, lastDayToPay: dates?.lastDayToPay ?? null, status };
}
