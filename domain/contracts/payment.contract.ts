import type { InvoiceStatus } from '../shared/invoice-status.js';
import type { CustomerResponse } from './customer.contract.js';

/*
 * What the payment calls answer and take, as the API writes it and the web reads it (money in dollars, business dates yyyy-MM-dd). Types only: the web build
 * imports this file too.
 */

/** A row of GET /invoice/payment/grid (the payments report). */
export interface PaymentGridRow {
  id: string;
  invoice_id: string;
  /** The displayed invoice number (345, 345B, 12-345). */
  number: string;
  sequence: number;
  customer_id: string;
  customer: string;
  status: InvoiceStatus;
  invoice_total: number;
  amount: number;
  /** Business date yyyy-MM-dd. */
  received_at: string;
  note: string;
  /** ISO instant it was logged. */
  created_at: string;
}

/** POST /invoice/{id}/payment and PUT /invoice/{id}/payment/{paymentId}. */
export interface PaymentBody {
  /** Dollars, at least 0.01, at most 2 decimals (text keeps it exact). */
  amount: string;
  /** yyyy-MM-dd, at most 3 days ahead. */
  received_at: string;
  note?: string | null;
  /** The user answered yes to 'Invoice has been fully paid, sure you want to log another payment?' */
  confirm?: boolean;
}

/** A due or partially paid invoice of GET /customer/{id}/balance. */
export interface BalanceInvoice {
  id: string;
  number: string;
  invoiced_at: string;
  total: number;
  /** What its credit memos that are not void credit. */
  credited: number;
  paid: number;
  /** total − credited − paid */
  balance: number;
  due_at: string | null;
  /** No due date, or one a day or fewer away: 'On Delivery'. */
  due_on_delivery: boolean;
  status: InvoiceStatus;
}

/** GET /customer/{id}/balance. */
export interface CustomerBalanceResponse {
  /** The customer as printed on the statement: name, address block and TABC permit. */
  customer: Pick<CustomerResponse, 'id' | 'name' | 'address' | 'city' | 'state' | 'zip' | 'display_tabc_id'>;
  /** owing: what the open invoices owe; balance: owing less the customer's unapplied credit. */
  summary: { owing: number; unapplied_credit: number; balance: number };
  invoices: BalanceInvoice[];
}

/** GET /customer/{id}/check-balance. */
export interface BalanceCheckResponse {
  owing: number;
  open_invoices: number;
}
