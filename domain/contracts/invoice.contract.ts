import type { InvoiceCreditMemoResponse } from './credit-memo.contract.js';
import type { InvoiceStatus } from '../shared/invoice-status.js';
import type { CollectedMethod, ProofOfDeliveryResponse } from './route.contract.js';

/*
 * What /invoice answers and takes, as the API writes it and the web reads it (money in dollars, business dates yyyy-MM-dd). Types only: the web build imports this file too.
 */

/** The client's specification's Invoice item, as GET /invoice/{id} answers it. */
export interface InvoiceItemResponse {
  id: number;
  position: number;
  product_id: string;
  product: { id: string; product: string; product_size: string; product_type: string; upc: string | null };
  qty: number;
  price: number;
  taxable: boolean;
  on_deal: boolean;
  total: number;
  tax: number;
  /** How many of the line its credit memos that are not void credited. */
  credited_qty: number;
  /** The product's last purchase price when invoiced. */
  cost: number;
  /** 'This item was invoiced below cost.' */
  below_cost: boolean;
  /** What this customer paid on its previous invoice of the product. */
  last_invoiced_price: number | null;
  /** The case size when the line is stamped one stamp per case (small formats); null: per bottle. */
  stamp_case_size: number | null;
  /** The stamps this line takes (0 unless liquor). */
  stamps: number;
  /*
   * A line made from a reviewed order item keeps the review (present only then): the previous and new quantity
   * and price (null: not changed) and the notes.
   */
  previousQty?: number | null;
  newQty?: number | null;
  qtyChangeNote?: string;
  previousPrice?: number | null;
  newPrice?: number | null;
  priceChangeNote?: string;
}

export interface InvoiceStampResponse {
  roll_id: number;
  prefix: string;
  from: number;
  to: number;
  count: number;
  /** Present (true) on the stamps of returned bottles the invoice carries again: a cancel leaves them on their bottles. */
  returned_bottles?: true;
}

/** One status change, as the projection records it (the grid's `status_info`). */
export interface InvoiceStatusChange {
  new_status: InvoiceStatus;
  created_at: string;
  reason: string;
}

/** A status change of GET /invoice/{id}, with its label. */
export interface InvoiceStatusInfo extends InvoiceStatusChange {
  label: string;
}

/** A live payment of GET /invoice/{id} (as the client's specification asks). */
export interface InvoicePaymentResponse {
  id: string;
  amount: number;
  /** Business date yyyy-MM-dd. */
  received_at: string;
  note: string;
  /** ISO instant it was logged. */
  created_at: string;
  /** Applied from the customer's account: changed there, not on the invoice. */
  from_account: boolean;
  /** How a driver took it at delivery; null for a payment logged in the office. */
  method?: CollectedMethod | null;
  /** The check's or money order's number. */
  reference?: string | null;
}

/** The client's specification's Invoice. `number` is the displayed number (345, 345B, 12-345) the URLs use. */
/** Another invoice as a cross-reference names it. */
export interface InvoiceLinkResponse {
  id: string;
  number: string;
}

/**
 * One request of the invoice to Clover (the client's specification: a Clover API request log on an invoice): a push
 * of a Clover sync that named the invoice, with its outcome, newest first.
 */
export interface CloverApiRequestLogEntry {
  id: string;
  sync_id: string;
  createdAt: string;
  success_log: { message: string } | null;
  error_log: { message: string } | null;
  /** Clover's id of the order the push made (when it succeeded) */
  external_id: string | null;
}

export interface InvoiceResponse {
  id: string;
  /** The distributor the invoice belongs to. */
  company_id: string;
  number: string;
  sequence: number;
  beer: boolean;
  customer_id: string;
  customer: {
    id: string;
    name: string;
    display_tabc_id: string;
    address: string;
    city: string;
    state: string;
    zip: string;
    cash_on_delivery: boolean;
  };
  status: InvoiceStatus;
  status_label: string;
  statusInfo: InvoiceStatusInfo[];
  /** Business dates yyyy-MM-dd. */
  invoiced_at: string;
  /**
   * The due date every screen and the PDF show: the one typed, but never after the credit law's statutory date for
   * liquor and wine on credit (payment-terms.ts `invoiceDue`). `status` is likewise the shown one: an open invoice
   * past this date is 'payment_due'.
   */
  due_at: string | null;
  /** No due date, or it is today or tomorrow (company time zone): 'Due on delivery'. */
  due_on_delivery: boolean;
  /** The credit law's statutory due date and the last day to pay (4th business day after); null when it does not apply. */
  statutory_due_at: string | null;
  last_day_to_pay: string | null;
  note: string;
  company_note: string;
  logo_id: string | null;
  /** Percent, e.g. 8.25. */
  tax_rate: number;
  sub_total: number;
  tax_total: number;
  total: number;
  items: InvoiceItemResponse[];
  stamps: InvoiceStampResponse[];
  stamp_count: number;
  stamps_needed: number;
  /** Stamps that left the invoice on bottles its live credit memos took back (one per liquor bottle not stamped per case). */
  stamps_returned: number;
  /** Live payments, oldest first. */
  payments: InvoicePaymentResponse[];
  /** The sum of the live payments. */
  paid: number;
  /** What its payments became in the customer's credit when it was cancelled (0 when nothing moved). */
  credited_to_account: number;
  /** Its credit memos, oldest first (void ones with status 'void'). */
  credit_memos: InvoiceCreditMemoResponse[];
  /** The money of its credit memos that are not void. */
  credited: number;
  /** total − credited − paid (negative when overpaid). */
  balance: number;
  /** What is left to pay, never below 0: the payment form's default amount. */
  remaining: number;
  orders: string[];
  /** 'Replace': the cancelled invoice this one replaces, and the invoice that replaced this one. */
  replaces: InvoiceLinkResponse | null;
  replaced_by: InvoiceLinkResponse | null;
  created_at: string;
  updated_at: string;
  /**
   * Recorded when the invoice was created although the licence guard warned that the customer's imported
   * TABC licence may not receive stamped liquor; null otherwise.
   */
  licence_warning: InvoiceLicenceWarning | null;
  /**
   * The invoice's requests to Clover, newest first (at most CLOVER_REQUEST_LOG_LIMIT): filled by GET /invoice/{id};
   * empty in the answers of saving calls.
   */
  cloverApiRequestLog: CloverApiRequestLogEntry[];
  /** The proof of delivery once delivered (POST /invoice/{id}/delivery); null before. */
  delivery: ProofOfDeliveryResponse | null;
  /** The invoice's version: a delivery sends it back (`invoice_version`) so a change in the office is seen. */
  version: number;
}

/** The newest requests to Clover an invoice answer lists. */
export const CLOVER_REQUEST_LOG_LIMIT = 20;

export interface InvoiceLicenceWarning {
  message: string;
  license_id: string | null;
  license_type: string | null;
  primary_status: string | null;
  expiration_date: string | null;
}

/** A row of GET /invoice/grid (apps/api/src/invoices/queries/invoice.grid.ts). */
export interface InvoiceGridRow {
  id: string;
  number: string;
  sequence: number;
  beer: boolean;
  status: InvoiceStatus;
  status_info: InvoiceStatusChange[];
  total: number;
  sub_total: number;
  tax_total: number;
  /** the live payments' sum, dollars */
  paid: number;
  /** what is still owed, dollars: total − paid, 0 for a cancelled invoice */
  balance: number;
  invoiced_at: string;
  due_at: string | null;
  customer_id: string;
  customer: string;
  customer_tabc_id: string;
  /** "3 × TITO'S VODKA 750ml, …" */
  items: string;
  item_count: number;
  created_at: string;
  /** The number of the cancelled invoice this one replaces / of the invoice that replaced it. */
  replaces: string | null;
  replaced_by: string | null;
}

/** A row of GET /invoice/recent and of quick search. */
export interface InvoiceSummary {
  id: string;
  number: string;
  status: InvoiceStatus;
  total: number;
  invoiced_at: string;
  due_at: string | null;
  customer_id: string;
  customer_name: string;
  created_at: string;
}

/** A customer of GET /company/quick-search (a type: the API reads it straight from rows). */
export type QuickSearchCustomer = {
  id: string;
  name: string;
  display_tabc_id: string;
  city: string;
  color_index: number;
};

/** GET /company/quick-search: the dashboard's search over invoice numbers and customers. */
export interface QuickSearchResult {
  invoices: InvoiceSummary[];
  customers: QuickSearchCustomer[];
}

/** An item of POST /invoice and PUT /invoice/{id}. */
export interface InvoiceItemBody {
  product_id: string;
  /** Whole bottles; empty counts as 0. */
  qty: number;
  /** Dollars with at most 2 decimals. */
  price: number | string;
  taxable?: boolean;
  on_deal?: boolean;
}

/** A manual stamp range of POST /invoice and PUT /invoice/{id}. */
export interface InvoiceStampRangeBody {
  roll_id: number;
  from: number;
  to: number;
}

/** The fields POST /invoice and PUT /invoice/{id} share. */
export interface InvoiceFieldsBody {
  /** yyyy-MM-dd; default today. */
  invoiced_at?: string;
  /** null: due on delivery. */
  due_at?: string | null;
  note?: string;
  company_note?: string;
  logo_id?: string | null;
  /** Manual stamp ranges; absent or null: allocated automatically. */
  stamps?: InvoiceStampRangeBody[] | null;
}

/** POST /invoice. */
export interface CreateInvoiceBody extends InvoiceFieldsBody {
  customer_id: string;
  items: InvoiceItemBody[];
  /** The user chose 'Create anyway' on the duplicate dialog. */
  force?: boolean;
  /** The order this invoice is made from: the invoice names it and the order names the invoice. */
  order_id?: string;
}

/** PUT /invoice/{id}: the same fields, each optional (left out: kept), plus status. */
export interface UpdateInvoiceBody extends InvoiceFieldsBody {
  customer_id?: string;
  items?: InvoiceItemBody[];
  status?: InvoiceStatus;
}
