/*
 * What /customer answers, as the API writes it and the web reads it (as the client's specification asks). Types only: the web build
 * imports this file too.
 */

/**
 * The client's specification's Customer, as GET /customer/{id} answers it. A type, not an interface, so that it is a
 * `Record<string, unknown>` and the API can read rows as it.
 */
export type CustomerResponse = {
  id: string;
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  tabc_id: string;
  /** The TABC id to show: licence type + AIMS id when the AIMS id is at least 1, else tabc_id (as the client's specification asks). */
  display_tabc_id: string;
  aims_id: number | null;
  aims_license_type: string | null;
  ydk_est_id: string | null;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  cash_on_delivery: boolean;
  /** Cash on delivery (the same flag as cash_on_delivery): the driver collects before closing the stop. */
  cod: boolean;
  fintech_option: boolean;
  fintech_id: string | null;
  product_price_tier_id: string | null;
  /** Business date, yyyy-MM-dd. */
  service_start: string | null;
  /** The retailer's Texas Comptroller taxpayer number (11 digits), for the monthly alcohol sales report. */
  comptroller_taxpayer_number: string | null;
  /** The customer's own payment terms ('on_delivery', 'net_N', 'credit_law'); null: the company's. */
  payment_terms: string | null;
  /** 0–12: which of the 13 avatar colours. */
  color_index: number;
  created_at: string;
  updated_at: string;
};

/** The customer's price tier as the customer answer names it (the client's specification: productPriceTier). */
export interface CustomerPriceTier {
  id: string;
  name: string;
  /** percent of the base price added */
  percentage: number;
  color: string;
  is_base_tier: boolean;
}

/** One of the customer's users (the ordering app's accounts) as the customer answer lists them. */
export interface CustomerUserOfCustomer {
  id: string;
  name: string;
  email: string;
  phone_number: string | null;
  is_enable: boolean;
  revoked: boolean;
  invited_at: string;
  created_at: string;
}

/** The customer's users a customer answer lists: at most this many (GET /customer/{id}/user lists every one). */
export const CUSTOMER_USERS_LISTED = 100;

/**
 * GET /customer/{id} (and the answers of saving one): the customer with its price tier and its users, as the client's
 * specification lists them (productPriceTier, customerUser). The customer list (GET /customer) leaves them out.
 */
export type CustomerDetailResponse = CustomerResponse & {
  productPriceTier: CustomerPriceTier | null;
  customerUser: CustomerUserOfCustomer[];
};

/**
 * A row of GET /customer/grid (apps/api/src/customers/queries/customer-grid.handler.ts): the grid's columns, with
 * `tabc_id` already the displayed TABC id.
 */
export type CustomerGridRow = Pick<
  CustomerResponse,
  | 'id'
  | 'name'
  | 'address'
  | 'city'
  | 'state'
  | 'zip'
  | 'tabc_id'
  | 'aims_license_type'
  | 'contact_name'
  | 'contact_email'
  | 'contact_phone'
  | 'cash_on_delivery'
  | 'fintech_option'
  | 'service_start'
  | 'created_at'
  | 'color_index'
> & {
  /** What the customer owes on its open invoices. */
  balance: number;
  /**
   * Its TABC standing: what is wrong, comma-separated ('expired', 'suspended', 'delinquent'), else 'active' when a
   * licence of the imported list matches, else null (none matches, or no list was imported).
   */
  licence_status: string | null;
};

/** What the overview lists at most: open invoices (oldest first), and the newest orders and payments. */
export const OVERVIEW_OPEN_INVOICES = 25;
export const OVERVIEW_RECENT = 10;

/** The customer's standing on the imported TABC lists, as the overview shows it. */
export interface CustomerLicenceStanding {
  /** The licence list was imported at all (without it nothing can be said about the licence). */
  list_imported: boolean;
  /** The matching licence of the imported list; null when none matches. */
  licence: {
    license_id: string;
    license_type: string;
    primary_status: string | null;
    expiration_date: string | null;
  } | null;
  /** The licence's expiration date is before today (the company's), or the list says Expired. */
  expired: boolean;
  /** Active and expiring within 30 days. */
  expiring_soon: boolean;
  /** The licence's status is other than Active or Expired (Suspended, Cancelled…). */
  suspended: boolean;
  /** The licence guard's finding for stamped liquor (null when nothing is wrong or nothing can be said). */
  problem: string | null;
  /** On the imported credit-law delinquent list. */
  delinquent: { effective_date: string | null; list_number: string | null; permit: string } | null;
}

/** One open invoice on the overview. */
export interface CustomerOverviewInvoice {
  id: string;
  number: string;
  invoiced_at: string;
  due_at: string | null;
  status: string;
  total: number;
  paid: number;
  balance: number;
  /** Whole days past the due date (the invoice date when due on delivery); 0 or less: not late. */
  days_late: number;
}

/** GET /customer/{id}/overview: everything the customer's page shows, in one answer. */
export type CustomerOverviewResponse = {
  customer: CustomerDetailResponse;
  /** The company's business date the balance is aged on (yyyy-MM-dd). */
  today: string;
  standing: CustomerLicenceStanding;
  balance: {
    owing: number;
    open_invoices: number;
    /** Money on account not applied or refunded. */
    unapplied_credit: number;
    /** owing less the unapplied credit: invoices − payments − credits + refunds. */
    balance: number;
    /** The owing amount by days past the due date. */
    aging: {
      current: number;
      days_1_30: number;
      days_31_60: number;
      days_61_90: number;
      days_over_90: number;
    };
  };
  /** The oldest open invoices first, at most OVERVIEW_OPEN_INVOICES (balance.open_invoices counts them all). */
  open_invoices: CustomerOverviewInvoice[];
  /** The newest orders, at most OVERVIEW_RECENT. */
  recent_orders: { id: string; number: number; status: string; total: number; created_at: string }[];
  /** The payments logged last, at most OVERVIEW_RECENT. */
  recent_payments: {
    id: string;
    invoice_id: string;
    invoice_number: string;
    amount: number;
    received_at: string;
    note: string;
    logged_at: string;
  }[];
};

/**
 * What filling the customers' Comptroller taxpayer numbers from the Mixed Beverage Gross Receipts file did:
 * `matched` customers were found by TABC permit, of them `filled` had no number and got the file's, `kept` had one
 * already (never overwritten); `unmatched` customers are not in the file. `skipped` rows carried no usable permit or
 * taxpayer number (the first few in `examples`).
 */
export interface TaxpayerImportResult {
  file_name: string;
  rows: number;
  skipped: number;
  examples: { line: number; reason: string }[];
  customers: number;
  matched: number;
  filled: number;
  kept: number;
  unmatched: number;
}
