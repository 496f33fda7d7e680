/*
 * What /customer answers, as the API writes it and the web reads it (spec 000 §3). Types only: the web build
 * imports this file too.
 */

/**
 * Spec 000 §3 Customer, as GET /customer/{id} answers it. A type, not an interface, so that it is a
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
  /** The TABC id to show: licence type + AIMS id when the AIMS id is at least 1, else tabc_id (spec 000 §3). */
  display_tabc_id: string;
  aims_id: number | null;
  aims_license_type: string | null;
  ydk_est_id: string | null;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  cash_on_delivery: boolean;
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
>;
