import type { PaymentMethod, RefundMethod } from '../accounts/customer-account.events.js';

/** One invoice chosen, and the dollars applied to it. */
export interface ApplicationBody {
  invoice_id: string;
  amount: number | string;
}

/** POST /customer/{id}/payment: money received for the customer, applied oldest first or to the invoices chosen. */
export interface ReceivePaymentBody {
  amount: number | string;
  method: PaymentMethod;
  reference?: string | null;
  received_at: string;
  note?: string | null;
  /** Absent or null: oldest first. An empty list keeps it all as credit. */
  invoices?: ApplicationBody[] | null;
}

/** POST /customer/{id}/credit/apply: the unapplied credit, oldest first or to the invoices chosen. */
export interface ApplyCreditBody {
  invoices?: ApplicationBody[] | null;
}

/** POST /customer/{id}/credit/refund. */
export interface RefundCreditBody {
  amount: number | string;
  method: RefundMethod;
  reference: string;
  refunded_at: string;
}

export interface AccountEntryResponse {
  id: string;
  kind: 'payment' | 'application' | 'refund' | 'invoice_credit';
  date: string;
  amount: number;
  method: string | null;
  reference: string;
  invoice_id: string | null;
  invoice_number: string | null;
  at: string;
}

/** GET /customer/{id}/account, and the answer of every write on it. */
export interface CustomerAccountResponse {
  customer_id: string;
  /** Money received or credited and not applied or refunded. */
  unapplied_credit: number;
  received: number;
  credited_from_invoices: number;
  applied: number;
  refunded: number;
  /** What its open invoices owe. */
  owing: number;
  /** owing less the unapplied credit: invoices − payments − credits + refunds. */
  balance: number;
  /** Newest first. */
  entries: AccountEntryResponse[];
}
