import type { DeliveryMeans } from '../contracts/route.contract.js';
import type { InvoiceStatus } from '../shared/invoice-status.js';
import type { PaymentTerms } from '../invoices/payment-terms.js';
import type { CompliancePolicy } from './compliance-policy.js';
import type { FeatureName } from './company.features.js';
import type { PriceTierBase, PriceTierColor } from './price-tier.rules.js';

export { DEFAULT_TIME_ZONE } from '../shared/business-date.js';

/** Events of the `company-{id}` stream. */
export interface CompanyRegistered {
  type: 'CompanyRegistered';
  data: {
    companyId: string;
    name: string;
    ownerUserId: string;
    timeZone: string;
    registeredAt: string;
  };
}

/** The company's settings (as the client's specification asks) as they are after the change: every field, not only the changed ones. */
export interface CompanyDetails {
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  tabcId: string;
  subdomain: string | null;
  defaultInvoiceNote: string;
  startingInvoiceNumber: number;
  defaultInvoiceStatus: InvoiceStatus;
  hasFintech: boolean;
  fintechId: string | null;
  showPrices: boolean;
  sortInvProducts: boolean;
  stampThreshold: number;
  /** Hundredths of a percent: 8.25 % is 825. */
  taxRateBasisPoints: number;
  cashOnDelivery: boolean;
  timeZone: string;
  /** When invoices are due unless the customer has its own terms. Absent in events written before it: on delivery. */
  paymentTerms?: PaymentTerms;
  /**
   * How the goods reach the retailer unless a delivery says otherwise, and the carrier (its name and TABC permit)
   * when a carrier delivers; printed on the invoice. Absent in events written before them: the own vehicle, none.
   */
  deliveryMeans?: DeliveryMeans;
  carrierName?: string;
  carrierPermit?: string;
}

export interface CompanyDetailsUpdated {
  type: 'CompanyDetailsUpdated';
  data: { companyId: string } & CompanyDetails & { updatedAt: string };
}

/** `by`: a company user (free features) or the provider's team (any feature, from the CLI). */
export type FeatureSwitchedBy = 'user' | 'provider';

export interface FeatureActivated {
  type: 'FeatureActivated';
  data: {
    companyId: string;
    feature: FeatureName;
    by: FeatureSwitchedBy;
    ignorePricing: boolean;
    activatedAt: string;
  };
}

export interface FeatureDeactivated {
  type: 'FeatureDeactivated';
  data: { companyId: string; feature: FeatureName; by: FeatureSwitchedBy; deactivatedAt: string };
}

export interface FeatureAccessRequested {
  type: 'FeatureAccessRequested';
  data: { companyId: string; feature: FeatureName; requestedBy: string; requestedAt: string };
}

export interface LogoAdded {
  type: 'LogoAdded';
  data: {
    companyId: string;
    logoId: string;
    originalName: string;
    /** Where the file storage keeps it (never a path a client chose). */
    storageKey: string;
    mimeType: string;
    sizeBytes: number;
    width: number | null;
    height: number | null;
    addedAt: string;
  };
}

export interface LogoRemoved {
  type: 'LogoRemoved';
  data: { companyId: string; logoId: string; removedAt: string };
}

/** The logo invoices print by default; null when the company has none. */
export interface DefaultLogoChosen {
  type: 'DefaultLogoChosen';
  data: { companyId: string; logoId: string | null; chosenAt: string };
}

/** A price tier as it is after the change (as the client's specification asks). */
export interface PriceTierFields {
  name: string;
  /** Hundredths of a percent of the base price: 10 % is 1000. */
  percentageBasisPoints: number;
  color: PriceTierColor;
}

/** The company's first tier comes with its base tier (`isBaseTier`), recorded first. */
export interface PriceTierAdded {
  type: 'PriceTierAdded';
  data: { companyId: string; tierId: string } & PriceTierFields & { isBaseTier: boolean; addedAt: string };
}

export interface PriceTierUpdated {
  type: 'PriceTierUpdated';
  data: { companyId: string; tierId: string } & PriceTierFields & { updatedAt: string };
}

/**
 * The tier is gone; its customers move to `migratedToTierId` (the chosen tier, else the base tier). Each moved
 * customer gets a CustomerPriceTierChanged in its own stream, appended atomically with this event.
 */
export interface PriceTierRemoved {
  type: 'PriceTierRemoved';
  data: { companyId: string; tierId: string; migratedToTierId: string; removedAt: string };
}

/** What tiers raise: the list price (the default) or the last purchase price. */
export interface PriceTierBaseChosen {
  type: 'PriceTierBaseChosen';
  data: { companyId: string; base: PriceTierBase; chosenAt: string };
}

/** The company's TABC compliance rules as they are after the change: the whole object. */
export interface CompliancePolicyChanged {
  type: 'CompliancePolicyChanged';
  data: { companyId: string; policy: CompliancePolicy; changedAt: string };
}

export type CompanyEvent =
  | CompanyRegistered
  | CompanyDetailsUpdated
  | FeatureActivated
  | FeatureDeactivated
  | FeatureAccessRequested
  | LogoAdded
  | LogoRemoved
  | DefaultLogoChosen
  | PriceTierAdded
  | PriceTierUpdated
  | PriceTierRemoved
  | PriceTierBaseChosen
  | CompliancePolicyChanged;
