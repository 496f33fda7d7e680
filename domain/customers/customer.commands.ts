import type { DelinquentListing } from '../invoices/delinquent-list-gate.js';
import type { CommandMetadata } from '../shared/decider.js';

/**
 * The customer form as typed (as the client's specification asks). On create an optional field left out is empty; on update it
 * keeps its value. The decider checks every rule.
 */
export interface CustomerInput {
  name: string;
  address: string;
  city: string;
  /** Left out: TX. */
  state?: string | null;
  zip: string;
  tabcId?: string | null;
  aimsId?: number | null;
  aimsLicenseType?: string | null;
  ydkEstId?: string | null;
  contactName?: string | null;
  contactEmail?: string | null;
  contactPhone?: string | null;
  cashOnDelivery: boolean;
  fintechOption: boolean;
  fintechId?: string | null;
  productPriceTierId?: string | null;
  serviceStartOn?: string | null;
  /** 11 digits; spaces and hyphens typed between them are dropped. */
  comptrollerTaxpayerNumber?: string | null;
  /** The customer's own payment terms ('on_delivery', 'net_N', 'credit_law'); empty or null: the company's. */
  paymentTerms?: string | null;
}

export interface CreateCustomer {
  type: 'CreateCustomer';
  data: { customerId: string } & CustomerInput;
  metadata: CommandMetadata;
}

export interface UpdateCustomer {
  type: 'UpdateCustomer';
  data: { customerId: string } & Partial<CustomerInput>;
  metadata: CommandMetadata;
}

export interface RemoveCustomer {
  type: 'RemoveCustomer';
  data: { customerId: string };
  metadata: CommandMetadata;
}

/** Moves a customer off a removed price tier: nothing when it is no longer on that tier (or removed). */
export interface MoveCustomerPriceTier {
  type: 'MoveCustomerPriceTier';
  data: { customerId: string; fromTierId: string; toTierId: string };
  metadata: CommandMetadata;
}

/**
 * Fills the Comptroller taxpayer number from public data: only when the customer has none (a typed number is
 * never overwritten).
 */
export interface FillTaxpayerNumber {
  type: 'FillTaxpayerNumber';
  data: { customerId: string; comptrollerTaxpayerNumber: string };
  metadata: CommandMetadata;
}

/** The owner's documented override of the customer's current listing on the credit-law delinquent list. */
export interface RecordDelinquentOverride {
  type: 'RecordDelinquentOverride';
  data: {
    customerId: string;
    reason: string;
    note: string;
    /** The listing as imported now; null when the customer is not listed. */
    listing: DelinquentListing | null;
    recordedBy: { userId: string; name: string };
  };
  metadata: CommandMetadata;
}

export type CustomerCommand =
  | CreateCustomer
  | UpdateCustomer
  | RemoveCustomer
  | MoveCustomerPriceTier
  | FillTaxpayerNumber
  | RecordDelinquentOverride;
