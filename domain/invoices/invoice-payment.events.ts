/**
 * Payment events of an invoice's stream and their fold. Kept apart from the payment decisions
 * (invoice-payments.ts), which read the invoice state, so invoice.state.ts can fold payments without importing them.
 */

export interface PaymentLogged {
  type: 'PaymentLogged';
  data: {
    invoiceId: string;
    companyId: string;
    paymentId: string;
    amountCents: number;
    receivedOn: string;
    note: string;
    loggedAt: string;
    /** Present when the money came from the customer's account (a payment on account or its credit applied). */
    account?: { customerId: string; applicationId: string };
    /**
     * How the money was taken, when known (a driver's collection at delivery says it): a check carries its number in
     * `reference`. Optional, so every event written before keeps its shape and its schema version.
     */
    method?: PaymentMethod;
    reference?: string;
  };
}

/** How money was taken at a delivery. */
export type PaymentMethod = 'cash' | 'check' | 'money_order';

export interface PaymentUpdated {
  type: 'PaymentUpdated';
  data: {
    invoiceId: string;
    companyId: string;
    paymentId: string;
    amountCents: number;
    receivedOn: string;
    note: string;
    updatedAt: string;
  };
}

export interface PaymentDeleted {
  type: 'PaymentDeleted';
  data: {
    invoiceId: string;
    companyId: string;
    paymentId: string;
    deletedAt: string;
    /** the payment was a share of the customer's account taken back to its credit (AccountCreditUnapplied says so) */
    takenBackToCredit?: true;
  };
}

/**
 * The invoice was cancelled with payments: they leave it and become its customer's credit (InvoicePaymentsCredited
 * on the customer's account stream, in the same append).
 */
export interface InvoicePaymentsMovedToCredit {
  type: 'InvoicePaymentsMovedToCredit';
  data: {
    invoiceId: string;
    companyId: string;
    customerId: string;
    amountCents: number;
    paymentIds: string[];
    movedAt: string;
  };
}

/** A check taken at delivery was deposited at the bank (the deposit list no longer shows it). */
export interface CheckDeposited {
  type: 'CheckDeposited';
  data: { invoiceId: string; companyId: string; paymentId: string; depositedOn: string; depositedAt: string };
}

/**
 * A check came back unpaid: it no longer pays the invoice. The company reports it to TABC, and the customer then buys
 * for cash only.
 */
export interface CheckDishonoured {
  type: 'CheckDishonoured';
  data: {
    invoiceId: string;
    companyId: string;
    customerId: string;
    paymentId: string;
    amountCents: number;
    note: string;
    dishonouredAt: string;
  };
}

export type PaymentEvent =
  | PaymentLogged
  | PaymentUpdated
  | PaymentDeleted
  | InvoicePaymentsMovedToCredit
  | CheckDeposited
  | CheckDishonoured;

export const PAYMENT_EVENT_TYPES: readonly PaymentEvent['type'][] = [
  'PaymentLogged',
  'PaymentUpdated',
  'PaymentDeleted',
  'InvoicePaymentsMovedToCredit',
  'CheckDeposited',
  'CheckDishonoured',
];

export interface Payment {
  id: string;
  amountCents: number;
  receivedOn: string;
  note: string;
  loggedAt: string;
  /** Applied from the customer's account: changed there, never on the invoice. */
  fromAccount?: boolean;
  /** The account and the application it came with (with `fromAccount`): a take-back to credit names them. */
  account?: { customerId: string; applicationId: string };
  method?: PaymentMethod;
  reference?: string;
  /** A check's deposit date, once deposited. */
  depositedOn?: string;
}

export function paidCents(payments: readonly Payment[]): number {
  return payments.reduce((sum, payment) => sum + payment.amountCents, 0);
}

/** The payments part of the invoice fold (invoice.state.ts calls it for payment events). */
export function evolvePayments(payments: readonly Payment[], event: PaymentEvent): Payment[] {
  switch (event.type) {
    case 'PaymentLogged': {
      const { paymentId, amountCents, receivedOn, note, loggedAt, account, method, reference } = event.data;
      if (payments.some((p) => p.id === paymentId)) return [...payments];
      return [
        ...payments,
        {
          id: paymentId,
          amountCents,
          receivedOn,
          note,
          loggedAt,
          ...(account
            ? {
                fromAccount: true,
                account: { customerId: account.customerId, applicationId: account.applicationId },
              }
            : {}),
          ...(method ? { method } : {}),
          ...(reference ? { reference } : {}),
        },
      ];
    }
    case 'PaymentUpdated': {
      const { paymentId, amountCents, receivedOn, note } = event.data;
      return payments.map((p) => (p.id === paymentId ? { ...p, amountCents, receivedOn, note } : p));
    }
    case 'PaymentDeleted':
      return payments.filter((p) => p.id !== event.data.paymentId);
    case 'InvoicePaymentsMovedToCredit':
      return payments.filter((p) => !event.data.paymentIds.includes(p.id));
    case 'CheckDeposited':
      return payments.map((p) =>
        p.id === event.data.paymentId ? { ...p, depositedOn: event.data.depositedOn } : p,
      );
    case 'CheckDishonoured':
      return payments.filter((p) => p.id !== event.data.paymentId);
  }
}
