import type { DelinquentOverride } from '../invoices/delinquent-list-gate.js';
import type { PaymentTerms } from '../invoices/payment-terms.js';

/** Events of the `customer-{id}` stream. */
export interface CustomerFields {
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  /** As stored: typed (a legacy permit such as MB123456) or built from licence type + AIMS id. */
  tabcId: string;
  aimsId: number | null;
  aimsLicenseType: string | null;
  /** The establishment app's id for this customer, when linked. */
  ydkEstId: string | null;
  contactName: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  cashOnDelivery: boolean;
  fintechOption: boolean;
  fintechId: string | null;
  productPriceTierId: string | null;
  /** Business date the distributor started serving the customer. */
  serviceStartOn: string | null;
  /**
   * The retailer's Texas Comptroller taxpayer number (11 digits), for the monthly alcohol sales report.
   * Absent in events written before it existed: read as null.
   */
  comptrollerTaxpayerNumber?: string | null;
  /**
   * The customer's own payment terms; null: the company's. Absent in events written before it existed: read as null.
   */
  paymentTerms?: PaymentTerms | null;
}

export interface CustomerCreated {
  type: 'CustomerCreated';
  data: { customerId: string; companyId: string } & CustomerFields & { createdAt: string };
}

/** Every field as it is after the change. */
export interface CustomerUpdated {
  type: 'CustomerUpdated';
  data: { customerId: string; companyId: string } & CustomerFields & { updatedAt: string };
}

export interface CustomerRemoved {
  type: 'CustomerRemoved';
  data: { customerId: string; companyId: string; removedAt: string };
}

/**
 * The customer moved to another price tier because its tier was removed (as the client's specification asks), appended
 * atomically with the company's PriceTierRemoved.
 */
export interface CustomerPriceTierChanged {
  type: 'CustomerPriceTierChanged';
  data: {
    customerId: string;
    companyId: string;
    productPriceTierId: string;
    previousPriceTierId: string;
    changedAt: string;
  };
}

/**
 * The owner documented why the customer may still be sold to on credit although the imported credit-law delinquent
 * list names it: for the listing of that permit and effective date only.
 */
export interface DelinquentOverrideRecorded {
  type: 'DelinquentOverrideRecorded';
  data: { customerId: string; companyId: string } & DelinquentOverride;
}

export type CustomerEvent =
  CustomerCreated | CustomerUpdated | CustomerRemoved | CustomerPriceTierChanged | DelinquentOverrideRecorded;

/**
 * A public link to the customer's balance (as the client's specification asks) was issued; the token itself
 * is never recorded.
 */
export interface BalanceLinkIssued {
  type: 'BalanceLinkIssued';
  data: { linkId: string; customerId: string; companyId: string; expiresAt: string; issuedAt: string };
}

/** Every live public link to the customer's balance was revoked. */
export interface BalanceLinksRevoked {
  type: 'BalanceLinksRevoked';
  data: { customerId: string; companyId: string; count: number; revokedAt: string };
}

/** Facts about the balance's public links, on the `customer-{id}` stream (the customer's fold ignores them). */
export type BalanceLinkEvent = BalanceLinkIssued | BalanceLinksRevoked;

/**
 * A public link to the customer's statement of a period was issued (`/customer/statement/pdf/{token}`), by a user
 * who asked for it or with a statement e-mail; the token itself is never recorded.
 */
export interface StatementLinkIssued {
  type: 'StatementLinkIssued';
  data: {
    linkId: string;
    customerId: string;
    companyId: string;
    /** The period the link opens, and only that one. */
    period: { from: string; to: string };
    /** Why: a user asked for it, or an e-mail carries it. */
    purpose: 'share' | 'email';
    expiresAt: string;
    issuedAt: string;
  };
}

/** Every live public link to the customer's statements (of any period) was revoked. */
export interface StatementLinksRevoked {
  type: 'StatementLinksRevoked';
  data: { customerId: string; companyId: string; count: number; revokedAt: string };
}

/** Facts about the statements' public links, on the `customer-{id}` stream (the customer's fold ignores them). */
export type StatementLinkEvent = StatementLinkIssued | StatementLinksRevoked;
