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
  };
}

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
  data: { invoiceId: string; companyId: string; paymentId: string; deletedAt: string };
}

export type PaymentEvent = PaymentLogged | PaymentUpdated | PaymentDeleted;

export const PAYMENT_EVENT_TYPES: readonly PaymentEvent['type'][] = [
  'PaymentLogged',
  'PaymentUpdated',
  'PaymentDeleted',
];

export interface Payment {
  id: string;
  amountCents: number;
  receivedOn: string;
  note: string;
  loggedAt: string;
}

export function paidCents(payments: readonly Payment[]): number {
  return payments.reduce((sum, payment) => sum + payment.amountCents, 0);
}

/** The payments part of the invoice fold (invoice.state.ts calls it for payment events). */
export function evolvePayments(payments: readonly Payment[], event: PaymentEvent): Payment[] {
  switch (event.type) {
    case 'PaymentLogged': {
      const { paymentId, amountCents, receivedOn, note, loggedAt } = event.data;
      return [...payments, { id: paymentId, amountCents, receivedOn, note, loggedAt }];
    }
    case 'PaymentUpdated': {
      const { paymentId, amountCents, receivedOn, note } = event.data;
      return payments.map((p) => (p.id === paymentId ? { ...p, amountCents, receivedOn, note } : p));
    }
    case 'PaymentDeleted':
      return payments.filter((p) => p.id !== event.data.paymentId);
  }
}
