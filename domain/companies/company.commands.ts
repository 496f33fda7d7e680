import type { CommandMetadata } from '../shared/decider.js';
import type { FeatureName } from './company.features.js';
import type { FeatureSwitchedBy } from './company.events.js';

export interface RegisterCompany {
  type: 'RegisterCompany';
  data: { companyId: string; name: string; ownerUserId: string; timeZone?: string };
  metadata: CommandMetadata;
}

/**
 * The settings form (PUT /company/{id}). Required fields are always sent; an optional field left out keeps its
 * value. Values are as typed (untrimmed, possibly out of range): the decider checks every rule.
 */
export interface UpdateCompanyDetails {
  type: 'UpdateCompanyDetails';
  data: {
    companyId: string;
    name: string;
    address: string;
    city: string;
    state: string;
    zip: string;
    tabcId: string;
    subdomain?: string | null;
    defaultInvoiceNote?: string | null;
    startingInvoiceNumber?: number;
    defaultInvoiceStatus?: string;
    hasFintech?: boolean;
    fintechId?: string | null;
    showPrices?: boolean;
    sortInvProducts?: boolean;
    stampThreshold?: number;
    /** Percent, at most 2 decimals: 8.25. */
    taxRate?: number;
    cashOnDelivery?: boolean;
    timeZone?: string;
    /** 'on_delivery', 'net_N' (N 1–30) or 'credit_law'; left out keeps the current terms. */
    paymentTerms?: string;
    /** own_vehicle, carrier or customer_pickup; left out keeps the current. */
    deliveryMeans?: string;
    carrierName?: string | null;
    carrierPermit?: string | null;
  };
  metadata: CommandMetadata;
}

export interface ActivateFeature {
  type: 'ActivateFeature';
  data: { companyId: string; feature: FeatureName; by: FeatureSwitchedBy; ignorePricing?: boolean };
  metadata: CommandMetadata;
}

export interface DeactivateFeature {
  type: 'DeactivateFeature';
  data: { companyId: string; feature: FeatureName; by: FeatureSwitchedBy };
  metadata: CommandMetadata;
}

export interface RequestFeatureAccess {
  type: 'RequestFeatureAccess';
  data: { companyId: string; feature: FeatureName };
  metadata: CommandMetadata;
}

export interface AddLogo {
  type: 'AddLogo';
  data: {
    companyId: string;
    logoId: string;
    originalName: string;
    storageKey: string;
    mimeType: string;
    sizeBytes: number;
    width: number | null;
    height: number | null;
  };
  metadata: CommandMetadata;
}

export interface RemoveLogo {
  type: 'RemoveLogo';
  data: { companyId: string; logoId: string };
  metadata: CommandMetadata;
}

export interface ChooseDefaultLogo {
  type: 'ChooseDefaultLogo';
  data: { companyId: string; logoId: string };
  metadata: CommandMetadata;
}

/** The tier form (POST /product/price-tier): a field left out takes its default (Tier 1, 10 %, a free colour). */
export interface AddPriceTier {
  type: 'AddPriceTier';
  data: {
    companyId: string;
    tierId: string;
    /** Used only when the company has no tier yet: the id of the base tier recorded with this one. */
    baseTierId: string;
    name?: string;
    percentage?: number | string;
    color?: string;
  };
  metadata: CommandMetadata;
}

/** PUT /product/price-tier/{id}: a field left out keeps its value. */
export interface UpdatePriceTier {
  type: 'UpdatePriceTier';
  data: { companyId: string; tierId: string; name?: string; percentage?: number | string; color?: string };
  metadata: CommandMetadata;
}

export interface RemovePriceTier {
  type: 'RemovePriceTier';
  data: { companyId: string; tierId: string; migratingTierId?: string | null };
  metadata: CommandMetadata;
}

export interface ChoosePriceTierBase {
  type: 'ChoosePriceTierBase';
  data: { companyId: string; base: string };
  metadata: CommandMetadata;
}

/**
 * PUT /company/{id}/compliance: values as sent (snake_case names mapped, not converted); a field left
 * out keeps its value. The decider checks every rule.
 */
export interface ChangeCompliancePolicy {
  type: 'ChangeCompliancePolicy';
  data: {
    companyId: string;
    extendedStampStatuses?: unknown;
    smallFormatStamps?: unknown;
    strictRecords?: unknown;
    creditLaw?: unknown;
    licenceGuard?: unknown;
  };
  metadata: CommandMetadata;
}

export type CompanyCommand =
  | RegisterCompany
  | UpdateCompanyDetails
  | ActivateFeature
  | DeactivateFeature
  | RequestFeatureAccess
  | AddLogo
  | RemoveLogo
  | ChooseDefaultLogo
  | AddPriceTier
  | UpdatePriceTier
  | RemovePriceTier
  | ChoosePriceTierBase
  | ChangeCompliancePolicy;
