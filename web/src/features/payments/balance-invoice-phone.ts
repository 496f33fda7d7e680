import type { BalanceInvoice } from '#domain/contracts/payment.contract';
import { formatDate, formatMoney } from '../../shared/format';
import { joinFacts } from '../../shared/grid/phone-row';
import { PAYMENT_MESSAGES } from './payment-messages';

/** What a phone shows of an open invoice of a balance, besides its status. */
export interface BalanceInvoicePhoneFacts {
  /** '#1042' */
  number: string;
  /** 'Balance $100.00', on the right of the number */
  balance: string;
  /** 'Total $108.25 · Paid $8.25' (and what credit memos took off, when they did) */
  amounts: string;
  /** '30 Nov, 2026 · Due 05 Dec, 2026', or '… · Due On Delivery' */
  dates: string;
}

/** An open invoice of a customer's balance on a phone: every column of the balance table in words. */
export const balanceInvoicePhoneFacts = (
  invoice: Pick<
    BalanceInvoice,
    'number' | 'invoiced_at' | 'total' | 'credited' | 'paid' | 'balance' | 'due_at' | 'due_on_delivery'
  >,
): BalanceInvoicePhoneFacts => ({
  number: `#${invoice.number}`,
  balance: `Balance ${formatMoney(invoice.balance)}`,
  amounts: joinFacts(
    `Total ${formatMoney(invoice.total)}`,
    invoice.credited > 0 && `Credited ${formatMoney(invoice.credited)}`,
    `Paid ${formatMoney(invoice.paid)}`,
  ),
  dates: joinFacts(
    formatDate(invoice.invoiced_at),
    `Due ${invoice.due_on_delivery ? PAYMENT_MESSAGES.onDelivery : formatDate(invoice.due_at)}`,
  ),
});
