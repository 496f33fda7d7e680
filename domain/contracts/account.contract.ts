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

/** POST /customer/{id}/credit/unapply: one invoice's payment from the account taken back to the customer's credit. */
export interface UnapplyCreditBody {
  invoice_id: string;
  /** The invoice's payment (an application entry's id). */
  payment_id: string;
}

export interface AccountEntryResponse {
  id: string;
  /** `unapplication`: an application's share taken back to credit from its invoice. */
  kind: 'payment' | 'application' | 'refund' | 'invoice_credit' | 'unapplication';
  date: string;
  amount: number;
  method: string | null;
  reference: string;
  invoice_id: string | null;
  invoice_number: string | null;
  at: string;
  /** An application whose share was taken back to credit since (the invoice no longer has that payment). */
  taken_back: boolean;
  /**
   * An application whose share is still a payment of its invoice: it can be taken back to credit (false once taken
   * back, or once the invoice's cancellation made its payments the customer's credit).
   */
  on_invoice: boolean;
}

/** GET /customer/{id}/account?limit=&before=: a page of the account's entries, newest first. */
export interface AccountEntriesParams {
  /** At most this many entries (1 to 200; 50 when absent). */
  limit?: number;
  /** The entries older than this: an earlier page's `next_before` (absent: the newest). */
  before?: string;
}

/**
 * GET /customer/{id}/account, and the answer of every write on it (the newest page of entries): the totals and one
 * page of the entries.
 */
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
  /** Newest first, one page: at most `limit` (50 unless asked), older than `before` when asked. */
  entries: AccountEntryResponse[];
  /** How many entries the account has in all. */
  entry_count: number;
  /** The `before` of the next page (the older entries); null when this page reaches the first entry. */
  next_before: string | null;
}
