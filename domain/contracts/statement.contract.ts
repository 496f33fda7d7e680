import type { DocumentEmailSendResponse } from './delivery.contract.js';

/**
 * A customer's statement for a period: the balance brought forward, every document dated in the period with the
 * balance after it, the balance carried forward, and the aging of what is open at the end of the period.
 * Amounts are dollars; dates are business dates (`YYYY-MM-DD`, the company's calendar).
 */

/** The kinds of document a statement lists. A new kind of document is one more member. */
export type StatementRowKind =
  | 'invoice'
  | 'payment'
  | 'credit_memo'
  | 'credit_memo_void'
  | 'account_payment'
  | 'application'
  | 'refund'
  | 'invoice_credit'
  | 'unapplication';

export interface StatementRow {
  kind: StatementRowKind;
  /** The document's id (a payment's own id; for an invoice, the invoice's). */
  id: string;
  date: string;
  /** What the customer reads on the document: the invoice number; for a payment, the invoice it paid; a memo's number. */
  reference: string;
  description: string;
  /** What the document adds to the balance (0 for a cancelled invoice). */
  charge: number;
  /** What the document takes off the balance. */
  credit: number;
  /** The balance after this row. */
  balance: number;
  /** An invoice's due date as every screen shows it; null for other kinds and invoices due on delivery. */
  due_on: string | null;
  /** The invoice this row pays or credits, when it is a payment or a credit memo (the invoice's id). */
  invoice_id: string | null;
}

export interface StatementAging {
  /** Not yet past due at `aging_on`. */
  current: number;
  days_1_30: number;
  days_31_60: number;
  days_61_90: number;
  days_over_90: number;
  /** Money received that pays no open charge (a cancelled invoice's payments): it lowers what is owed. */
  unapplied_credit: number;
}

export interface StatementCustomer {
  id: string;
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  display_tabc_id: string;
}

export interface StatementResponse {
  customer: StatementCustomer;
  period: { from: string; to: string };
  /** The company's business date the statement was made on. */
  as_of: string;
  /** The date the aging counts days past due to: the end of the period, or today when the period has not ended. */
  aging_on: string;
  opening_balance: number;
  rows: StatementRow[];
  /** The period's charges and credits. */
  totals: { charges: number; credits: number };
  closing_balance: number;
  /** The closing balance by days past due; the buckets less the unapplied credit are the closing balance. */
  aging: StatementAging;
}

/** POST /customer/{id}/statement/email: the recipient and the period (`from`/`to`, default the current month). */
export interface StatementEmailRequest {
  email: string;
  from?: string;
  to?: string;
}

export type StatementEmailResponse = DocumentEmailSendResponse;

/** GET /pdf/customer/statement/{token}: the statement of the link's period and the distributor's header. */
export type PublicStatementResponse = StatementResponse & {
  company: {
    name: string;
    address: string;
    city: string;
    state: string;
    zip: string;
    tabc_id: string;
    logo: string | null;
  };
};

/** POST /customer/{id}/statement/link */
export interface StatementLinkResponse {
  token: string;
  url: string;
  expires_at: string;
  period: { from: string; to: string };
}

/** How a monthly statement run delivers: each statement e-mailed to its customer, or all in one zip to download. */
export type StatementRunMode = 'email' | 'download';

/** POST /statements/runs */
export interface StatementRunBody {
  /** YYYY-MM, not after the current month */
  month: string;
  mode: StatementRunMode;
}

/** One customer whose statement could not be sent. */
export interface StatementRunFailure {
  customer_id: string;
  customer: string;
  message: string;
}

/** POST /statements/runs, GET /statements/runs/{id}: a run and how far it is. */
export interface StatementRunResponse {
  id: string;
  month: string;
  mode: StatementRunMode;
  status: 'running' | 'done' | 'failed';
  /** Customers listed: those with an invoice or a credit memo up to the month's end (known once listed). */
  total: number;
  /** Customers done so far (of total). */
  done: number;
  /** Customers with no balance and no activity in the month: no statement. */
  quiet: number;
  /**
   * E-mail runs: the statement e-mails requested, one per customer with a statement and an address; each is sent
   * through the e-mail log like any statement e-mail (a deferred one retried in the background).
   */
  requested: number;
  /** Statements e-mailed (accepted by the mail server, at once or on a retry), or put in the zip. */
  sent: number;
  /** E-mail runs: requested e-mails the mail server deferred, still being retried. */
  queued: number;
  /** E-mail runs: customers without an e-mail address. */
  skipped: number;
  /** Statements not sent: refused by the mail server, every retry deferred, or not written. */
  failed: number;
  failures: StatementRunFailure[];
  /** Download runs, once done: where the zip is. */
  file_url: string | null;
  started_at: string;
  finished_at: string | null;
}
