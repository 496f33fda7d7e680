import { businessDate } from '../shared/business-date.js';
import type { CommandMetadata } from '../shared/decider.js';
import type { InvoiceStatusChanged } from '../invoices/invoice.events.js';
import {
  paidCents,
  type InvoicePaymentsMovedToCredit,
  type Payment,
  type PaymentDeleted,
  type PaymentLogged,
} from '../invoices/invoice-payment.events.js';
import { followPayments, remainingCents } from '../invoices/invoice-payments.js';
import type { Invoice, InvoiceStreamEvent, LiveInvoice } from '../invoices/invoice.state.js';
import {
  methodAndReference,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  REFUND_METHODS,
  type AccountCreditApplied,
  type AccountCreditRefunded,
  type AccountCreditUnapplied,
  type CreditApplication,
  type CustomerAccountEvent,
  type InvoicePaymentsCredited,
  type PaymentMethod,
  type PaymentReceivedOnAccount,
  type RefundMethod,
} from './customer-account.events.js';
import type { CustomerAccount } from './customer-account.state.js';
import {
  ACCOUNT_MESSAGES,
  accountError,
  accountInvalid,
  amountProblems,
  dateProblems,
  MAX_APPLICATIONS,
  textProblems,
} from './customer-account.rules.js';

/**
 * Payments on account (pure). Money received for a customer is recorded on its account stream and applied to its
 * open invoices in the same decision: each invoice's share is a payment on the invoice's stream (marked as from the
 * account), so its paid amount, status and credit-law standing follow as for any payment; what is not applied stays
 * the customer's unapplied credit, applied later or refunded. Every decision here reads the account and the invoices
 * it touches and is appended at once with the revisions it read, so two decisions on the same credit never both
 * spend it.
 */

/** Which invoices to apply to: oldest first (the candidates in order), or chosen invoices with amounts. */
export interface Allocation {
  /** The customer's open invoices, oldest first, each with the id its payment takes there. */
  candidates: { invoiceId: string; invoicePaymentId: string }[];
  /** Chosen invoices and amounts; absent or null: oldest first. */
  chosen?: { invoiceId: string; amountCents: number }[] | null;
}

export interface ReceivePaymentOnAccount {
  type: 'ReceivePaymentOnAccount';
  data: Allocation & {
    customerId: string;
    paymentId: string;
    applicationId: string;
    amountCents: number | undefined;
    method: string;
    reference: string;
    receivedOn: string | undefined;
    note: string;
    timeZone: string;
  };
  metadata: CommandMetadata;
}

export interface ApplyAccountCredit {
  type: 'ApplyAccountCredit';
  data: Allocation & { customerId: string; applicationId: string; timeZone: string };
  metadata: CommandMetadata;
}

export interface RefundAccountCredit {
  type: 'RefundAccountCredit';
  data: {
    customerId: string;
    refundId: string;
    amountCents: number | undefined;
    method: string;
    reference: string;
    refundedOn: string | undefined;
    timeZone: string;
  };
  metadata: CommandMetadata;
}

/**
 * Takes one invoice's share of an application back to the customer's credit (it was applied to the wrong invoice):
 * the invoice's payment `invoicePaymentId`, applied from this customer's account.
 */
export interface UnapplyAccountCredit {
  type: 'UnapplyAccountCredit';
  data: {
    customerId: string;
    invoiceId: string;
    invoicePaymentId: string;
    /** Payments are changed by the owner alone; so is a share taken back. */
    byOwner: boolean;
    timeZone: string;
  };
  metadata: CommandMetadata;
}

export interface AccountStates {
  account: CustomerAccount;
  /** The invoices the decision may touch, by id. */
  invoices: Record<string, Invoice>;
}

export interface AccountDecision {
  account: CustomerAccountEvent[];
  invoices: Record<string, InvoiceStreamEvent[]>;
}

const NOTHING: AccountDecision = { account: [], invoices: {} };

interface Source {
  customerId: string;
  applicationId: string;
  receivedOn: string;
  note: string;
}

/** An invoice the customer may apply money to: live, of this company and customer, not cancelled. */
function applicable(
  state: Invoice | undefined,
  customerId: string,
  companyId: string,
): LiveInvoice | 'cancelled' | 'other' | null {
  if (!state || state.status !== 'live' || state.companyId !== companyId) return null;
  if (state.customer.id !== customerId) return 'other';
  if (state.invoiceStatus === 'cancelled') return 'cancelled';
  return state;
}

function chosenShares(
  states: AccountStates,
  chosen: NonNullable<Allocation['chosen']>,
  customerId: string,
  companyId: string,
): { invoice: LiveInvoice; amountCents: number }[] {
  if (chosen.length > MAX_APPLICATIONS)
    throw accountInvalid([{ field: 'invoices', message: ACCOUNT_MESSAGES.tooManyInvoices }]);
  if (new Set(chosen.map((c) => c.invoiceId)).size !== chosen.length)
    throw accountInvalid([{ field: 'invoices', message: ACCOUNT_MESSAGES.sameInvoiceTwice }]);
  return chosen.map(({ invoiceId, amountCents }, index) => {
    const problems = amountProblems(amountCents, `invoices[${index}].amount`);
    if (problems.length > 0) throw accountInvalid(problems);
    const state = states.invoices[invoiceId];
    const invoice = applicable(state, customerId, companyId);
    if (invoice === null) throw accountError('INVOICE_NOT_FOUND');
    const number = state?.status === 'live' ? state.number.display : '';
    if (invoice === 'other') throw accountError('INVOICE_OF_ANOTHER_CUSTOMER', { number });
    if (invoice === 'cancelled') throw accountError('INVOICE_CANCELLED', { number });
    const open = remainingCents(invoice);
    if (amountCents > open) throw accountError('MORE_THAN_OPEN', { number, open });
    return { invoice, amountCents };
  });
}

function oldestShares(
  states: AccountStates,
  candidates: Allocation['candidates'],
  availableCents: number,
  customerId: string,
  companyId: string,
): { invoice: LiveInvoice; amountCents: number }[] {
  const shares: { invoice: LiveInvoice; amountCents: number }[] = [];
  let left = availableCents;
  for (const { invoiceId } of candidates) {
    if (left <= 0) break;
    const invoice = applicable(states.invoices[invoiceId], customerId, companyId);
    if (invoice === null || invoice === 'other' || invoice === 'cancelled') continue;
    const amountCents = Math.min(left, remainingCents(invoice));
    if (amountCents <= 0) continue;
    shares.push({ invoice, amountCents });
    left -= amountCents;
  }
  return shares;
}

/** The payment one share makes on its invoice, and the status it gives the invoice. */
function paymentOn(
  invoice: LiveInvoice,
  invoicePaymentId: string,
  amountCents: number,
  source: Source,
  now: string,
): (PaymentLogged | InvoiceStatusChanged)[] {
  const payment: Payment = {
    id: invoicePaymentId,
    amountCents,
    receivedOn: source.receivedOn,
    note: source.note,
    loggedAt: now,
    fromAccount: true,
    account: { customerId: source.customerId, applicationId: source.applicationId },
  };
  return [
    {
      type: 'PaymentLogged',
      data: {
        invoiceId: invoice.id,
        companyId: invoice.companyId,
        paymentId: invoicePaymentId,
        amountCents,
        receivedOn: source.receivedOn,
        note: source.note,
        loggedAt: now,
        account: { customerId: source.customerId, applicationId: source.applicationId },
      },
    },
    ...followPayments(invoice, [...invoice.payments, payment], now),
  ];
}

/**
 * Applies at most `availableCents` to the allocation's invoices: the chosen amounts (refused whole when one is wrong
 * or they take more than `availableCents`), or oldest first.
 */
function allocate(
  states: AccountStates,
  allocation: Allocation,
  availableCents: number,
  source: Source,
  metadata: CommandMetadata,
  overdrawn: (appliedCents: number) => Error,
): { applications: CreditApplication[]; invoices: Record<string, InvoiceStreamEvent[]> } {
  const { companyId, now } = metadata;
  const shares = allocation.chosen
    ? chosenShares(states, allocation.chosen, source.customerId, companyId)
    : oldestShares(states, allocation.candidates, availableCents, source.customerId, companyId);
  const total = shares.reduce((sum, share) => sum + share.amountCents, 0);
  if (total > availableCents) throw overdrawn(total);
  const paymentIds = new Map(allocation.candidates.map((c) => [c.invoiceId, c.invoicePaymentId]));
  const applications: CreditApplication[] = [];
  const invoices: Record<string, InvoiceStreamEvent[]> = {};
  for (const { invoice, amountCents } of shares) {
    const invoicePaymentId = paymentIds.get(invoice.id);
    if (!invoicePaymentId) throw accountError('INVOICE_NOT_FOUND');
    applications.push({
      invoiceId: invoice.id,
      number: invoice.number.display,
      invoicePaymentId,
      amountCents,
    });
    invoices[invoice.id] = paymentOn(invoice, invoicePaymentId, amountCents, source, now);
  }
  return { applications, invoices };
}

function applied(
  source: Source,
  paymentId: string | null,
  applications: CreditApplication[],
  metadata: CommandMetadata,
): AccountCreditApplied[] {
  if (applications.length === 0) return [];
  return [
    {
      type: 'AccountCreditApplied',
      data: {
        customerId: source.customerId,
        companyId: metadata.companyId,
        applicationId: source.applicationId,
        paymentId,
        appliedOn: source.receivedOn,
        applications,
        totalCents: applications.reduce((sum, a) => sum + a.amountCents, 0),
        appliedAt: metadata.now,
      },
    },
  ];
}

const isMethod = (value: string): value is PaymentMethod =>
  (PAYMENT_METHODS as readonly string[]).includes(value);
const isRefundMethod = (value: string): value is RefundMethod =>
  (REFUND_METHODS as readonly string[]).includes(value);

/** The note each invoice's payment carries: "On account · Check 1042", or "On account · credit applied". */
export const accountPaymentNote = (method: PaymentMethod | null, reference: string) =>
  `On account · ${method ? methodAndReference(PAYMENT_METHOD_LABELS[method], reference) : 'credit applied'}`;

/** POST /customer/{id}/payment: the money received, and applied to the open invoices in the same append. */
export function receivePaymentOnAccount(states: AccountStates, { data, metadata }: ReceivePaymentOnAccount) {
  if (states.account.decided.includes(data.paymentId)) return NOTHING; // a retry of the same payment
  const reference = data.reference.trim();
  const problems = [
    ...amountProblems(data.amountCents),
    ...(isMethod(data.method) ? [] : [{ field: 'method', message: ACCOUNT_MESSAGES.method }]),
    ...dateProblems(data.receivedOn, metadata.now, data.timeZone, 'received_on'),
    ...textProblems(reference, data.note),
  ];
  if (problems.length > 0) throw accountInvalid(problems);
  const amountCents = data.amountCents!;
  const method = data.method as PaymentMethod;
  const source: Source = {
    customerId: data.customerId,
    applicationId: data.applicationId,
    receivedOn: data.receivedOn!,
    note: accountPaymentNote(method, reference),
  };
  const { applications, invoices } = allocate(states, data, amountCents, source, metadata, (taken) =>
    accountError('MORE_THAN_RECEIVED', { applied: taken, amount: amountCents }),
  );
  const received: PaymentReceivedOnAccount = {
    type: 'PaymentReceivedOnAccount',
    data: {
      customerId: data.customerId,
      companyId: metadata.companyId,
      paymentId: data.paymentId,
      amountCents,
      method,
      reference,
      receivedOn: data.receivedOn!,
      note: data.note,
      receivedAt: metadata.now,
    },
  };
  return { account: [received, ...applied(source, data.paymentId, applications, metadata)], invoices };
}

/** POST /customer/{id}/credit/apply: the unapplied credit applied to open invoices; never more than it. */
export function applyAccountCredit(states: AccountStates, { data, metadata }: ApplyAccountCredit) {
  if (states.account.decided.includes(data.applicationId)) return NOTHING;
  const credit = states.account.unappliedCents;
  if (credit <= 0) throw accountError('NO_CREDIT');
  const source: Source = {
    customerId: data.customerId,
    applicationId: data.applicationId,
    receivedOn: businessDate(metadata.now, data.timeZone),
    note: accountPaymentNote(null, ''),
  };
  const { applications, invoices } = allocate(states, data, credit, source, metadata, (asked) =>
    accountError('MORE_THAN_CREDIT', { asked, credit }),
  );
  if (applications.length === 0) throw accountError('NOTHING_OPEN');
  return { account: applied(source, null, applications, metadata), invoices };
}

/** POST /customer/{id}/credit/refund: money paid back, never more than the unapplied credit. */
export function refundAccountCredit(
  account: CustomerAccount,
  { data, metadata }: RefundAccountCredit,
): AccountCreditRefunded[] {
  if (account.decided.includes(data.refundId)) return [];
  const reference = data.reference.trim();
  const problems = [
    ...amountProblems(data.amountCents),
    ...(isRefundMethod(data.method) ? [] : [{ field: 'method', message: ACCOUNT_MESSAGES.refundMethod }]),
    ...(reference === '' ? [{ field: 'reference', message: ACCOUNT_MESSAGES.referenceRequired }] : []),
    ...dateProblems(data.refundedOn, metadata.now, data.timeZone, 'refunded_on'),
    ...textProblems(reference, ''),
  ];
  if (problems.length > 0) throw accountInvalid(problems);
  if (account.unappliedCents <= 0) throw accountError('NO_CREDIT');
  if (data.amountCents! > account.unappliedCents)
    throw accountError('MORE_THAN_CREDIT', { asked: data.amountCents!, credit: account.unappliedCents });
  return [
    {
      type: 'AccountCreditRefunded',
      data: {
        customerId: data.customerId,
        companyId: metadata.companyId,
        refundId: data.refundId,
        amountCents: data.amountCents!,
        method: data.method as RefundMethod,
        reference,
        refundedOn: data.refundedOn!,
        refundedAt: metadata.now,
      },
    },
  ];
}

/**
 * POST /customer/{id}/credit/unapply: one invoice's share of an application taken back to the customer's credit. The
 * payment leaves the invoice as the invoice's own payment deletion does (its status follows the payments left), and
 * the account's unapplied credit grows by its amount, in one append. The owner's alone, like a payment's edit or
 * deletion. The payment must be on that invoice and applied from this customer's account; a share already taken back
 * (a retry) decides nothing. A cancelled invoice's payments already became the customer's credit: refused.
 */
export function unapplyAccountCredit(
  states: AccountStates,
  { data, metadata }: UnapplyAccountCredit,
): AccountDecision {
  if (!data.byOwner) throw accountError('PAYMENT_OWNER_ONLY');
  if (states.account.decided.includes(data.invoicePaymentId)) return NOTHING; // taken back already
  const state = states.invoices[data.invoiceId];
  if (!state || state.status !== 'live' || state.companyId !== metadata.companyId)
    throw accountError('INVOICE_NOT_FOUND');
  const number = state.number.display;
  if (state.invoiceStatus === 'cancelled') throw accountError('TAKE_BACK_CANCELLED', { number });
  const payment = state.payments.find((p) => p.id === data.invoicePaymentId);
  if (!payment) throw accountError('PAYMENT_NOT_FOUND');
  if (!payment.fromAccount || !payment.account || payment.account.customerId !== data.customerId)
    throw accountError('PAYMENT_NOT_FROM_ACCOUNT', { number });
  const now = metadata.now;
  const deleted: PaymentDeleted = {
    type: 'PaymentDeleted',
    data: {
      invoiceId: state.id,
      companyId: state.companyId,
      paymentId: payment.id,
      deletedAt: now,
      takenBackToCredit: true,
    },
  };
  const unapplied: AccountCreditUnapplied = {
    type: 'AccountCreditUnapplied',
    data: {
      customerId: data.customerId,
      companyId: metadata.companyId,
      applicationId: payment.account.applicationId,
      invoiceId: state.id,
      number,
      invoicePaymentId: payment.id,
      amountCents: payment.amountCents,
      unappliedOn: businessDate(now, data.timeZone),
      unappliedAt: now,
    },
  };
  return {
    account: [unapplied],
    invoices: {
      [state.id]: [
        deleted,
        ...followPayments(
          state,
          state.payments.filter((p) => p.id !== payment.id),
          now,
        ),
      ],
    },
  };
}

/** An invoice paid from a customer's account keeps its customer: that money is the customer's. */
export function keepAccountCustomer(before: Invoice, decided: readonly InvoiceStreamEvent[]): void {
  if (before.status !== 'live' || !before.payments.some((p) => p.fromAccount)) return;
  const moved = decided.some(
    (event) => event.type === 'InvoiceRevised' && event.data.customer.id !== before.customer.id,
  );
  if (moved) throw accountError('INVOICE_PAID_FROM_ACCOUNT', { number: before.number.display });
}

/**
 * When a decision cancels an invoice that has payments, the payments leave the invoice and become its customer's
 * credit, in the same append as the cancellation. `before` is the invoice as the decision read it, `decided` the
 * invoice events it decided.
 */
export function creditCancelledPayments(
  before: Invoice,
  decided: readonly InvoiceStreamEvent[],
  customerId: string,
  timeZone: string,
  now: string,
): { invoice: InvoicePaymentsMovedToCredit[]; account: InvoicePaymentsCredited[] } {
  const cancels = decided.some(
    (event) => event.type === 'InvoiceStatusChanged' && event.data.to === 'cancelled',
  );
  if (!cancels || before.status !== 'live' || before.payments.length === 0)
    return { invoice: [], account: [] };
  if (before.customer.id !== customerId)
    throw accountError('CUSTOMER_CHANGED', { number: before.number.display });
  const amountCents = paidCents(before.payments);
  const receivedCents = paidCents(before.payments.filter((p) => !p.fromAccount));
  return {
    invoice: [
      {
        type: 'InvoicePaymentsMovedToCredit',
        data: {
          invoiceId: before.id,
          companyId: before.companyId,
          customerId,
          amountCents,
          paymentIds: before.payments.map((p) => p.id),
          movedAt: now,
        },
      },
    ],
    account: [
      {
        type: 'InvoicePaymentsCredited',
        data: {
          customerId,
          companyId: before.companyId,
          invoiceId: before.id,
          number: before.number.display,
          amountCents,
          receivedCents,
          creditedOn: businessDate(now, timeZone),
          creditedAt: now,
        },
      },
    ],
  };
}
