/**
 * Events of a customer's account stream (`customer-account-{customerId}`): money received for the customer rather
 * than for one invoice, its application to invoices (and a share taken back), its refunds, and the payments of
 * cancelled invoices that became the customer's credit. What is received and not applied or refunded is the customer's unapplied credit.
 */

export const customerAccountStream = (customerId: string) => `customer-account-${customerId}`;

/** How money was received: the methods a payment on account may name. */
export const PAYMENT_METHODS = ['cash', 'check', 'ach', 'money_order', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** How a credit is paid back to the customer. */
export const REFUND_METHODS = ['check', 'ach'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  check: 'Check',
  ach: 'ACH',
  money_order: 'Money order',
  card: 'Card',
};

/**
 * A payment as a line names it: its method and reference ('Check 1042'), the method once where the reference
 * already starts with it ('Check #5521', not 'Check Check #5521').
 */
export function methodAndReference(method: string, reference: string): string {
  const typed = reference.trim();
  return method && typed.toLowerCase().startsWith(method.toLowerCase())
    ? typed
    : [method, typed].filter(Boolean).join(' ');
}

/** One invoice's share of an application: the payment it makes on the invoice's stream. */
export interface CreditApplication {
  invoiceId: string;
  number: string;
  invoicePaymentId: string;
  amountCents: number;
}

export interface PaymentReceivedOnAccount {
  type: 'PaymentReceivedOnAccount';
  data: {
    customerId: string;
    companyId: string;
    paymentId: string;
    amountCents: number;
    method: PaymentMethod;
    reference: string;
    receivedOn: string;
    note: string;
    receivedAt: string;
  };
}

export interface AccountCreditApplied {
  type: 'AccountCreditApplied';
  data: {
    customerId: string;
    companyId: string;
    applicationId: string;
    /** The payment on account it was applied with (null: credit applied later). */
    paymentId: string | null;
    appliedOn: string;
    applications: CreditApplication[];
    totalCents: number;
    appliedAt: string;
  };
}

export interface AccountCreditRefunded {
  type: 'AccountCreditRefunded';
  data: {
    customerId: string;
    companyId: string;
    refundId: string;
    amountCents: number;
    method: RefundMethod;
    reference: string;
    refundedOn: string;
    refundedAt: string;
  };
}

/**
 * The payments of a cancelled invoice became the customer's credit. `receivedCents` is the part paid on the invoice
 * itself (money the statement had credited to the invoice); the rest had been applied from the account.
 */
export interface InvoicePaymentsCredited {
  type: 'InvoicePaymentsCredited';
  data: {
    customerId: string;
    companyId: string;
    invoiceId: string;
    number: string;
    amountCents: number;
    receivedCents: number;
    creditedOn: string;
    creditedAt: string;
  };
}

/**
 * One invoice's share of an application taken back to the customer's credit (it was applied to the wrong invoice):
 * its payment left the invoice (PaymentDeleted on the invoice's stream, in the same append) and the money is unapplied
 * credit again. `unappliedOn` is the company's business day of it.
 */
export interface AccountCreditUnapplied {
  type: 'AccountCreditUnapplied';
  data: {
    customerId: string;
    companyId: string;
    applicationId: string;
    invoiceId: string;
    number: string;
    invoicePaymentId: string;
    amountCents: number;
    unappliedOn: string;
    unappliedAt: string;
  };
}

export type CustomerAccountEvent =
  | PaymentReceivedOnAccount
  | AccountCreditApplied
  | AccountCreditRefunded
  | InvoicePaymentsCredited
  | AccountCreditUnapplied;

export const CUSTOMER_ACCOUNT_EVENT_TYPES: readonly CustomerAccountEvent['type'][] = [
  'PaymentReceivedOnAccount',
  'AccountCreditApplied',
  'AccountCreditRefunded',
  'InvoicePaymentsCredited',
  'AccountCreditUnapplied',
];
