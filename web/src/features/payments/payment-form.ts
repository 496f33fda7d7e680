import type { FormErrors } from '../../shared/forms/use-form';
import { toAmount } from '../../shared/format';
import { fieldErrors, problemMessages, toProblem } from '../../shared/problem';
import type { Invoice, InvoicePayment } from '../invoices/invoices.api';
import { latestReceivedDate, PAYMENT_MESSAGES, today } from './payment-messages';
import type { PaymentBody } from './payments.api';

/** The payment form's text values (received date, amount, note). */
export type PaymentValues = {
  amount: string;
  received_at: string;
  note: string;
};

export const PAYMENT_FIELDS = ['amount', 'received_at', 'note'] as const;

export const MAX_NOTE_LENGTH = 2000;

/**
 * A new payment offers the remaining balance (not below 0) received today (as the client's specification asks); an edited one
 * its own values.
 */
export function paymentValues(
  invoice: Pick<Invoice, 'remaining'>,
  payment?: InvoicePayment | null,
  now: Date = new Date(),
): PaymentValues {
  if (payment)
    return { amount: toAmount(payment.amount), received_at: payment.received_at, note: payment.note ?? '' };
  return { amount: toAmount(Math.max(0, invoice.remaining)), received_at: today(now), note: '' };
}

const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;

/** The client's specification: amount required and at least 0.01; received date required, at most 3 days ahead. */
export function validatePayment(values: PaymentValues, now: Date = new Date()): FormErrors<PaymentValues> {
  const errors: FormErrors<PaymentValues> = {};
  const amount = values.amount.trim();
  if (/^\d+\.\d{3,}$/.test(amount)) errors.amount = PAYMENT_MESSAGES.amountDecimals;
  else if (!AMOUNT.test(amount) || Number(amount) < 0.01) errors.amount = PAYMENT_MESSAGES.amount;
  const latest = latestReceivedDate(now);
  if (!values.received_at) errors.received_at = PAYMENT_MESSAGES.receivedRequired;
  else if (values.received_at > latest) errors.received_at = PAYMENT_MESSAGES.receivedTooLate(latest);
  if (values.note.length > MAX_NOTE_LENGTH)
    errors.note = `Note must be at most ${MAX_NOTE_LENGTH} characters.`;
  return errors;
}

export const toPaymentBody = (values: PaymentValues, confirm = false): PaymentBody => ({
  amount: values.amount.trim(),
  received_at: values.received_at,
  note: values.note.trim(),
  ...(confirm ? { confirm: true } : {}),
});

/** The server's 409 asking to confirm a payment on a fully paid invoice. */
export const asksToConfirm = (error: unknown): boolean => {
  const problem = toProblem(error);
  return problem?.status === 409 && problem.message === PAYMENT_MESSAGES.fullyPaid;
};

/** A refused save as the form shows it: messages on the matching fields, and the list under 'Error saving payment!'. */
export function paymentProblem(error: unknown): { fields: FormErrors<PaymentValues>; messages: string[] } {
  const problem = toProblem(error);
  const all = fieldErrors(problem);
  const fields: FormErrors<PaymentValues> = {};
  for (const field of PAYMENT_FIELDS) if (all[field]) fields[field] = all[field];
  return { fields, messages: problemMessages(problem, PAYMENT_MESSAGES.saveFailed) };
}
