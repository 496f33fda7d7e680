import type { DeliveryMeans } from './route.contract.js';
import type { CompliancePolicy } from '../companies/compliance-policy.js';
import type { FeatureName } from '../companies/company.features.js';
import type { PriceTierResponse } from './product.contract.js';

/*
 * What /company answers, as the API writes it and the web reads it (as the client's specification asks). Types only: the web build
 * imports this file too.
 */

/** The client's specification: id, path (the authorised URL of the image, it needs the bearer token), originalname. */
export interface LogoResponse {
  id: string;
  path: string;
  originalname: string;
  mimetype: string;
  size: number;
  width: number | null;
  height: number | null;
  is_default: boolean;
  created_at: string;
}

export interface CompanyFeatureResponse {
  name: FeatureName;
  active: boolean;
  ignore_pricing: boolean;
}

/** The client's specification's Company, as GET/PUT /company/{id} answer it. */
export interface CompanyResponse {
  id: string;
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  tabc_id: string;
  subdomain: string | null;
  default_invoice_note: string;
  starting_invoice_number: number;
  default_invoice_status: string;
  has_fintech: boolean;
  fintech_id: string | null;
  show_prices: boolean;
  sort_inv_products: boolean;
  default_logo_id: string | null;
  stamp_threshold: number;
  tax_rate: number;
  cash_on_delivery: boolean;
  time_zone: string;
  /** 'on_delivery', 'net_N' (N 1–30) or 'credit_law': the default due date and note of a new invoice. */
  payment_terms: string;
  /** How the goods reach the retailer unless a delivery says otherwise: own_vehicle, carrier or customer_pickup. */
  delivery_means: DeliveryMeans;
  /** The carrier's name and TABC permit ('' for none), printed when a carrier delivers. */
  carrier_name: string;
  carrier_permit: string;
  /** false until every required detail is filled in: the dashboard asks for them. */
  details_complete: boolean;
  owner_user_id: string;
  registered_at: string;
  updated_at: string;
  /** Every feature, active or not. */
  companyFeatures: CompanyFeatureResponse[];
  logos: LogoResponse[];
  /** The client's specification: the current tiers, the base tier first (none until the first). */
  productPriceTiers: PriceTierResponse[];
  /** What tiers raise: list_price or last_purchase_price. */
  price_tier_base: string;
}

/** GET/PUT /company/{id}/compliance: the company's TABC compliance rules, defaults filled in. */
export interface CompliancePolicyResponse {
  extended_stamp_statuses: boolean;
  small_format_stamps: boolean;
  strict_records: boolean;
  credit_law: CompliancePolicy['creditLaw'];
  licence_guard: CompliancePolicy['licenceGuard'];
}
