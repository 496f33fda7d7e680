import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  REFUND_METHODS,
} from '#domain/accounts/customer-account.events';
import type { ApplicationBody } from '#domain/contracts/account.contract';
import type { CustomerBalanceResponse } from '#domain/contracts/payment.contract';

export { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, REFUND_METHODS };

/** An open invoice the forms may apply money to. */
export interface OpenInvoice {
  id: string;
  number: string;
  invoiced_at: string;
  balance: number;
}

/** The invoices of a customer's balance that money can still go to, oldest first as the balance lists them. */
export const openInvoicesOf = (balance: CustomerBalanceResponse | undefined): OpenInvoice[] =>
  (balance?.invoices ?? [])
    .filter((invoice) => invoice.balance > 0)
    .map(({ id, number, invoiced_at, balance: left }) => ({ id, number, invoiced_at, balance: left }));

export const ACCOUNT_MESSAGES = {
  received: 'Payment received',
  applied: 'Credit applied',
  refunded: 'Credit refunded',
  takenBack: 'Payment taken back to credit',
  takeBackFailed: 'Error taking the payment back to credit',
  saveFailed: 'Error saving payment!',
  amount: 'Amount must be at least 0.01.',
  amountDecimals: 'Amount can have at most 2 decimals.',
  dateRequired: 'Date is required.',
  referenceRequired: 'Reference is required (the check number or the ACH trace).',
  moreThanCredit: (credit: string) => `At most the unapplied credit of ${credit}.`,
  moreThanOpen: (open: string) => `At most the ${open} left on it.`,
  moreThanReceived: 'The invoices chosen take more than the amount received.',
} as const;

/** Dollars typed by a person as cents, or null when it is not an amount of at most 2 decimals. */
export function centsOfText(text: string): number | null {
  const value = text.trim().replace(/[$,]/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(value)) return null;
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export const dollarsText = (cents: number) => (cents / 100).toFixed(2);

/** What an amount applies oldest first: each invoice's share, and what remains as credit. */
export function oldestFirst(amountCents: number, invoices: readonly OpenInvoice[]) {
  let left = Math.max(0, amountCents);
  const shares: { invoice: OpenInvoice; cents: number }[] = [];
  for (const invoice of invoices) {
    if (left <= 0) break;
    const cents = Math.min(left, Math.round(invoice.balance * 100));
    if (cents <= 0) continue;
    shares.push({ invoice, cents });
    left -= cents;
  }
  return { shares, appliedCents: amountCents - left, creditCents: left };
}

/** The invoices chosen with amounts (blank amounts skipped) as the request's list, or the first problem. */
export function chosenApplications(
  invoices: readonly OpenInvoice[],
  amounts: Readonly<Record<string, string>>,
): { applications: ApplicationBody[]; cents: number; problems: Record<string, string> } {
  const applications: ApplicationBody[] = [];
  const problems: Record<string, string> = {};
  let cents = 0;
  for (const invoice of invoices) {
    const text = (amounts[invoice.id] ?? '').trim();
    if (text === '') continue;
    const value = centsOfText(text);
    if (value === null || value <= 0) problems[invoice.id] = ACCOUNT_MESSAGES.amount;
    else if (value > Math.round(invoice.balance * 100))
      problems[invoice.id] = ACCOUNT_MESSAGES.moreThanOpen(`$${invoice.balance.toFixed(2)}`);
    else {
      applications.push({ invoice_id: invoice.id, amount: dollarsText(value) });
      cents += value;
    }
  }
  return { applications, cents, problems };
}

/** One key per form: a retried or double-clicked save is recorded once. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
