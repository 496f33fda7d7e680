import { creditedCents } from '../credits/credit-memo.state.js';
import { paidCents } from '../invoices/invoice-payment.events.js';
import { netTotalCents } from '../invoices/invoice-payments.js';
import type { LiveInvoice } from '../invoices/invoice.state.js';
import type { CustomerAccount } from './customer-account.state.js';

/**
 * A customer's balance, two ways that must agree (pure):
 * - from what happened: invoices (not cancelled) − payments (received on account and paid on invoices, including
 *   those a cancellation moved to credit) − credit memos + refunds;
 * - from what is open: each live invoice's total less its credits and payments, less the unapplied credit.
 * A share applied from the account and taken back to credit moves money between the two terms of the second way (the
 * invoice owes it again, the credit grows by it) and changes nothing in the first.
 */
export interface CustomerBalance {
  invoicesCents: number;
  paymentsCents: number;
  creditsCents: number;
  refundsCents: number;
  balanceCents: number;
  openCents: number;
  unappliedCents: number;
}

export function customerBalance(invoices: readonly LiveInvoice[], account: CustomerAccount): CustomerBalance {
  const standing = invoices.filter((invoice) => invoice.invoiceStatus !== 'cancelled');
  const invoicesCents = standing.reduce((sum, invoice) => sum + invoice.totals.totalCents, 0);
  const creditsCents = standing.reduce((sum, invoice) => sum + creditedCents(invoice.credits), 0);
  const paidOnInvoices = invoices.reduce(
    (sum, invoice) => sum + paidCents(invoice.payments.filter((p) => !p.fromAccount)),
    0,
  );
  const paymentsCents = account.receivedCents + account.receivedOnInvoicesCents + paidOnInvoices;
  const refundsCents = account.refundedCents;
  const openCents = standing.reduce(
    (sum, invoice) => sum + netTotalCents(invoice) - paidCents(invoice.payments),
    0,
  );
  return {
    invoicesCents,
    paymentsCents,
    creditsCents,
    refundsCents,
    balanceCents: invoicesCents - paymentsCents - creditsCents + refundsCents,
    openCents,
    unappliedCents: account.unappliedCents,
  };
}
