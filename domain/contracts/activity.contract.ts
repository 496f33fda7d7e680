/*
 * What /user/user-activity answers, as the API writes it and the web reads it (as the client's specification asks). Types only:
 * the web build imports this file too.
 */

/**
 * A row's `info`: the event's facts as the activity projection keeps them (camelCase: the event data). invoiceNumber
 * and beer for invoice and payment activity; feature and title for feature switches.
 */
export interface ActivityInfo {
  invoiceNumber?: string;
  beer?: boolean;
  amountCents?: number;
  /** The customer an invoice's or an access change's row is about. */
  customerName?: string;
  feature?: string;
  title?: string;
  message?: string;
  /** A status change: from and to (invoice statuses), and why (picked by a user, or followed the payments). */
  from?: string;
  to?: string;
  reason?: 'user' | 'payments' | 'delivery';
  /** A customer user's access: who, and what became of it. */
  customerUserName?: string;
  access?: 'enabled' | 'disabled' | 'revoked' | 'reactivated';
  /** A credit memo issued or voided: its number as shown (CM-1001). */
  creditMemoNumber?: string;
  /**
   * An invoice's, a credit memo's or a statement's e-mail: the document (`documentKind`; a memo's or statement's
   * `reference`: the memo's number or the statement's period `YYYY-MM-DD..YYYY-MM-DD`), the recipient, the mail server's first answer (`status`) and why
   * it was not delivered (`error`), the attempts made.
   */
  documentKind?: 'invoice' | 'credit_memo' | 'statement';
  reference?: string;
  emailedTo?: string;
  period?: { from: string; to: string };
  status?: 'sent' | 'queued' | 'failed';
  attempts?: number;
  error?: string;
  [key: string]: unknown;
}

/**
 * What the Kind filter offers (the `kind` column): invoices, status changes, payments, private notes, features,
 * syncs, customer users' access to the ordering app, invoice, credit memo and statement e-mails, and the account's own
 * sign-ins and profile.
 */
export type ActivityKind =
  | 'invoice'
  | 'status'
  | 'payment'
  | 'credit'
  | 'note'
  | 'feature'
  | 'sync'
  | 'access'
  | 'email'
  | 'sign_in'
  | 'profile';

/** A row of GET /user/user-activity/grid. */
export interface ActivityGridRow {
  id: string;
  /** AUTH, INVOICE, PAYMENT, BOTTLE_POS, CLOVER, MPOWER … */
  module: string;
  /** SIGN_IN, CREATE, UPDATE, DELETE, ADD_PRIVATE_NOTE, FEATURE_ON … */
  type: string;
  success: boolean;
  info: ActivityInfo;
  /** ISO instant. */
  created_at: string;
  user_name: string | null;
  user_id: string | null;
  kind: ActivityKind;
  /** A sign-in or the user's own account: apart from business events. */
  account: boolean;
  customer_id: string | null;
  invoice: string | null;
}

/**
 * One field an activity's event changed (GET /user/user-activity/{id}), as people read it: the field in words
 * ('Payment 1 · Amount'), the values shown ('$300.00', dates on the company's clock); a missing side did not exist.
 */
export interface ActivityFieldChange {
  field: string;
  label: string;
  before?: string;
  after?: string;
}

/**
 * GET /user/user-activity/{id}: the event behind an activity row, who recorded it and when, and what it changed —
 * its stream's state before and after it, field by field (invoice and feature activity) — or, for events that
 * change no state (sign-ins), the facts it recorded (`after` only). Secrets and tokens are never shown.
 */
export interface ActivityDetail {
  id: string;
  module: string;
  type: string;
  /** The stored event's type, e.g. InvoiceRevised. */
  event_type: string;
  /** ISO instant. */
  occurred_at: string;
  user_name: string | null;
  changes: ActivityFieldChange[];
}
