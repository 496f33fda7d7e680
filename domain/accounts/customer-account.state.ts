import type { CustomerAccountEvent } from './customer-account.events.js';

/**
 * A customer's account: what it received, what became its credit from cancelled invoices, what was applied to
 * invoices (less the shares taken back) and refunded, and so its unapplied credit; and the ids already decided, so a retry decides nothing.
 */
export interface CustomerAccount {
  receivedCents: number;
  creditedFromInvoicesCents: number;
  /** Of that, the part paid on the invoices themselves (the rest had been applied from the account). */
  receivedOnInvoicesCents: number;
  appliedCents: number;
  refundedCents: number;
  unappliedCents: number;
  decided: string[];
}

export const initialAccount = (): CustomerAccount => ({
  receivedCents: 0,
  creditedFromInvoicesCents: 0,
  receivedOnInvoicesCents: 0,
  appliedCents: 0,
  refundedCents: 0,
  unappliedCents: 0,
  decided: [],
});

export function evolveAccount(state: CustomerAccount, event: CustomerAccountEvent): CustomerAccount {
  switch (event.type) {
    case 'PaymentReceivedOnAccount':
      return {
        ...state,
        receivedCents: state.receivedCents + event.data.amountCents,
        unappliedCents: state.unappliedCents + event.data.amountCents,
        decided: [...state.decided, event.data.paymentId],
      };
    case 'AccountCreditApplied':
      return {
        ...state,
        appliedCents: state.appliedCents + event.data.totalCents,
        unappliedCents: state.unappliedCents - event.data.totalCents,
        decided: [...state.decided, event.data.applicationId],
      };
    case 'AccountCreditRefunded':
      return {
        ...state,
        refundedCents: state.refundedCents + event.data.amountCents,
        unappliedCents: state.unappliedCents - event.data.amountCents,
        decided: [...state.decided, event.data.refundId],
      };
    case 'AccountCreditUnapplied':
      return {
        ...state,
        appliedCents: state.appliedCents - event.data.amountCents,
        unappliedCents: state.unappliedCents + event.data.amountCents,
        decided: [...state.decided, event.data.invoicePaymentId],
      };
    case 'InvoicePaymentsCredited':
      return {
        ...state,
        creditedFromInvoicesCents: state.creditedFromInvoicesCents + event.data.amountCents,
        receivedOnInvoicesCents: state.receivedOnInvoicesCents + event.data.receivedCents,
        unappliedCents: state.unappliedCents + event.data.amountCents,
      };
    default:
      return state; // events of later versions are not this fold's business
  }
}

/** The account stream's fold (its commands are decided over several streams: customer-account.decide.ts). */
export const customerAccountDecider = {
  evolve: evolveAccount,
  initialState: initialAccount,
  snapshot: { version: 1 },
} as const;
