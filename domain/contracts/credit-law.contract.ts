import type { CreditLawStanding } from '../invoices/credit-law.js';
import type { InvoiceStatus } from '../shared/invoice-status.js';

/** GET /invoice/checks?customer_id=&invoiced_at=: what the invoice builder warns about (as the client's specification asks). */
export interface InvoiceChecksResponse {
  credit_law: 'off' | 'advisory';
  licence_guard: 'off' | 'advisory' | 'blocking';
  /** The customer pays cash on delivery: no credit, so no credit-law dates apply. */
  cash_on_delivery: boolean;
  /** The invoice date judged (yyyy-MM-dd): the one asked, else today in the company's time zone. */
  invoiced_at: string;
  /** The statutory dates for liquor and wine on credit bought that day; null with the credit law off. */
  statutory_due_at: string | null;
  last_day_to_pay: string | null;
  /** The customer's payment terms, or the company's when it has none: 'on_delivery', 'net_N' or 'credit_law'. */
  payment_terms: string;
  /** Where they come from. */
  payment_terms_from: 'customer' | 'company';
  /** The due date a liquor or wine invoice of that date starts with (null: on delivery); beer: see payment-terms.ts. */
  default_due_at: string | null;
  /** The terms' sentence the note starts with, e.g. 'Net 30'. */
  terms_note: string;
  /** The customer on the imported credit-law delinquent list; null when not. */
  delinquent: {
    permit: string;
    effective_date: string | null;
    list_number: string | null;
    /** The listing is in effect now (from 12:01 a.m. of its effective date, company time). */
    in_effect: boolean;
    /** A liquor or wine invoice on credit to this customer is refused now: the builder blocks saving it. */
    refused: boolean;
    /** Why it is refused, or what is coming, or the override that lifts it. */
    message: string;
    /** The owner's override of this listing, if recorded. */
    override: DelinquentOverrideAnswer | null;
  } | null;
  /** What the licence guard finds wrong for stamped liquor; null when nothing (or the guard is off). */
  licence: {
    message: string;
    license_id: string | null;
    license_type: string | null;
    primary_status: string | null;
    expiration_date: string | null;
    /** The guard is blocking: an invoice with liquor is refused. */
    blocking: boolean;
  } | null;
}

/** An e-mail the user sends from their own mail program (a mailto: link the screen builds). */
export interface MailDraft {
  subject: string;
  body: string;
}

/** GET /invoice/{id}/credit-law: the invoice's statutory dates and what can be sent. */
export interface InvoiceCreditLawResponse {
  credit_law: 'off' | 'advisory';
  /** Liquor or wine, on credit (not cash on delivery), not beer, not a draft or cancelled; and the setting is on. */
  applies: boolean;
  purchased_at: string;
  statutory_due_at: string | null;
  last_day_to_pay: string | null;
  delinquent_on: string | null;
  /** Where the unpaid balance stands today; 'paid' once nothing is left to pay. */
  standing: CreditLawStanding | 'paid' | null;
  /** Business days from today to the statutory due date (0 on it or after). */
  business_days_left: number | null;
  balance: number;
  /** The delinquency notice: available once the account is late with a balance left. */
  notice: (MailDraft & { available: boolean }) | null;
  /** Its release: available once an invoice that went late is paid in full. */
  release: (MailDraft & { available: boolean }) | null;
}

export interface CreditLawAlertRow {
  id: string;
  number: string;
  customer_id: string;
  customer_name: string;
  invoiced_at: string;
  /** The invoice's due date and status as every other screen shows them (payment-terms.ts `invoiceDue`). */
  due_at: string | null;
  status: InvoiceStatus;
  statutory_due_at: string;
  last_day_to_pay: string;
  standing: CreditLawStanding;
  balance: number;
}

/** GET /invoice/credit-law/alerts: the dashboard's pre-delinquency alerts. */
export interface CreditLawAlertsResponse {
  credit_law: 'off' | 'advisory';
  today: string;
  /** Due within 3 business days or past due inside the grace days, and late (delinquent). */
  counts: { due_soon: number; grace: number; late: number };
  /** The most urgent first: due soon and in grace by due date, then the latest to turn delinquent (10 each at most). */
  due: CreditLawAlertRow[];
  late: CreditLawAlertRow[];
}

/** The owner's documented override of a delinquent-list listing. */
export interface DelinquentOverrideAnswer {
  reason: 'bankruptcy_exemption' | 'removed_by_tabc';
  reason_label: string;
  note: string;
  permit: string;
  listing_effective_date: string | null;
  recorded_by: string;
  recorded_at: string;
}

/** GET /customer/delinquency/overrides: the company's overrides, newest first. */
export interface DelinquentOverrideListResponse {
  overrides: (DelinquentOverrideAnswer & { customer_id: string; customer_name: string })[];
}
