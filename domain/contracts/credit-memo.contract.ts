import type { DocumentEmailSendResponse } from './delivery.contract.js';
import type { CreditReason } from '../credits/credit-memo.events.js';

/*
 * What the credit-memo calls answer and take, as the API writes it and the web reads it (money in dollars, business
 * dates yyyy-MM-dd). Types only: the web build imports this file too.
 */

export type CreditMemoStatus = 'issued' | 'void';

/** POST /credit-memo: lines for goods (damaged, short, wrong product, freshness swap), an amount otherwise. */
export interface CreditMemoBody {
  /** The invoice credited: its id or its number as shown (345, 345B). */
  invoice: string;
  reason: CreditReason;
  /** Required for `other`. */
  note?: string | null;
  /** The invoice lines credited (line_no as the invoice numbers its items, 1, 2, 3 …) and how many of each. */
  lines?: { line_no: number; qty: number }[];
  /** Dollars, for pricing_error and other. */
  amount?: number | string | null;
}

/** POST /credit-memo/{id}/void. */
export interface VoidCreditMemoBody {
  reason: string;
}

/** POST /credit-memo/{id}/email: who receives the memo (its PDF attached). */
export interface CreditMemoEmailBody {
  email: string;
}

export type CreditMemoEmailResponse = DocumentEmailSendResponse;

export interface CreditMemoLineResponse {
  line_no: number;
  product_id: string;
  name: string;
  size: string;
  type: string;
  qty: number;
  price: number;
  total: number;
  tax: number;
}

export interface CreditMemoStampsResponse {
  line_no: number;
  name: string;
  /** restocked: back in stock on their bottles; written_off: destroyed with them. */
  disposition: 'restocked' | 'written_off';
  /** Serial ranges, `AB1003-AB1004`. */
  serials: string[];
  count: number;
}

/** GET /credit-memo/{id}: the memo as issued, and its void when it was voided. */
export interface CreditMemoResponse {
  id: string;
  /** CM-1001 */
  number: string;
  sequence: number;
  invoice_id: string;
  invoice_number: string;
  customer_id: string;
  customer: string;
  reason: CreditReason;
  reason_label: string;
  note: string;
  lines: CreditMemoLineResponse[];
  /** The tax stamps that came back on its liquor bottles, per line, and what became of them. */
  stamps: CreditMemoStampsResponse[];
  sub_total: number;
  tax_total: number;
  total: number;
  /** Business date yyyy-MM-dd. */
  issued_on: string;
  /** ISO instant. */
  issued_at: string;
  issued_by: string | null;
  status: CreditMemoStatus;
  voided_at: string | null;
  voided_by: string | null;
  void_reason: string | null;
}

/** A row of GET /credit-memo/grid. */
export interface CreditMemoGridRow {
  id: string;
  number: string;
  sequence: number;
  issued_on: string;
  customer_id: string;
  customer: string;
  invoice_id: string;
  invoice_number: string;
  reason: CreditReason;
  total: number;
  status: CreditMemoStatus;
}

/** A credit memo as the invoice view lists it. */
export interface InvoiceCreditMemoResponse {
  id: string;
  number: string;
  reason: CreditReason;
  total: number;
  issued_on: string;
  status: CreditMemoStatus;
}
