import { paymentTermsOr } from '../invoices/payment-terms.js';
import type { CompanyDetails, CompanyEvent } from './company.events.js';
import { isFeatureName, type FeatureName } from './company.features.js';
import { defaultDetails } from './company.rules.js';
import {
  DEFAULT_COMPLIANCE_POLICY,
  withComplianceDefaults,
  type CompliancePolicy,
} from './compliance-policy.js';
import type { PriceTierBase, PriceTierColor } from './price-tier.rules.js';

export interface FeatureState {
  active: boolean;
  ignorePricing: boolean;
  /** Switched off at least once: from then on only the provider's team switches it on (as the client's specification asks). */
  switchedOff: boolean;
  /** An access request not yet answered by an activation. */
  requestedAt: string | null;
}

export interface CompanyLogo {
  id: string;
  originalName: string;
  storageKey: string;
}

export interface PriceTier {
  id: string;
  name: string;
  percentageBasisPoints: number;
  color: PriceTierColor;
  isBaseTier: boolean;
}

export type Company =
  | { status: 'none' }
  | {
      status: 'registered';
      id: string;
      ownerUserId: string;
      details: CompanyDetails;
      features: Partial<Record<FeatureName, FeatureState>>;
      /** Current logos, oldest first. */
      logos: CompanyLogo[];
      defaultLogoId: string | null;
      /** Current price tiers, oldest first (the base tier first). */
      priceTiers: PriceTier[];
      priceTierBase: PriceTierBase;
      /** The TABC compliance rules; the defaults until the first CompliancePolicyChanged. */
      compliance: CompliancePolicy;
    };

export type RegisteredCompany = Extract<Company, { status: 'registered' }>;

export const initialState = (): Company => ({ status: 'none' });

export const featureState = (company: RegisteredCompany, feature: FeatureName): FeatureState =>
  company.features[feature] ?? { active: false, ignorePricing: false, switchedOff: false, requestedAt: null };

export const isFeatureActive = (company: RegisteredCompany, feature: FeatureName): boolean =>
  featureState(company, feature).active;

export function evolve(state: Company, event: CompanyEvent): Company {
  if (event.type === 'CompanyRegistered') {
    return {
      status: 'registered',
      id: event.data.companyId,
      ownerUserId: event.data.ownerUserId,
      details: defaultDetails(event.data.name, event.data.timeZone),
      features: {},
      logos: [],
      defaultLogoId: null,
      priceTiers: [],
      priceTierBase: 'list_price',
      compliance: DEFAULT_COMPLIANCE_POLICY,
    };
  }
  if (state.status !== 'registered') return state;
  switch (event.type) {
    case 'CompanyDetailsUpdated': {
      const { companyId: _, updatedAt: __, ...details } = event.data;
      // Details written before payment terms existed lack them: due on delivery.
      return { ...state, details: { ...details, paymentTerms: paymentTermsOr(details.paymentTerms) } };
    }
    case 'FeatureActivated':
      return withFeature(state, event.data.feature, (f) => ({
        ...f,
        active: true,
        ignorePricing: event.data.ignorePricing,
        requestedAt: null,
      }));
    case 'FeatureDeactivated':
      return withFeature(state, event.data.feature, (f) => ({ ...f, active: false, switchedOff: true }));
    case 'FeatureAccessRequested':
      return withFeature(state, event.data.feature, (f) => ({ ...f, requestedAt: event.data.requestedAt }));
    case 'LogoAdded':
      return {
        ...state,
        logos: [
          ...state.logos,
          { id: event.data.logoId, originalName: event.data.originalName, storageKey: event.data.storageKey },
        ],
      };
    case 'LogoRemoved':
      return { ...state, logos: state.logos.filter((logo) => logo.id !== event.data.logoId) };
    case 'DefaultLogoChosen':
      return { ...state, defaultLogoId: event.data.logoId };
    case 'PriceTierAdded': {
      const { tierId, name, percentageBasisPoints, color, isBaseTier } = event.data;
      if (state.priceTiers.some((tier) => tier.id === tierId)) return state;
      return {
        ...state,
        priceTiers: [...state.priceTiers, { id: tierId, name, percentageBasisPoints, color, isBaseTier }],
      };
    }
    case 'PriceTierUpdated': {
      const { tierId, name, percentageBasisPoints, color } = event.data;
      return {
        ...state,
        priceTiers: state.priceTiers.map((tier) =>
          tier.id === tierId ? { ...tier, name, percentageBasisPoints, color } : tier,
        ),
      };
    }
    case 'PriceTierRemoved':
      return { ...state, priceTiers: state.priceTiers.filter((tier) => tier.id !== event.data.tierId) };
    case 'PriceTierBaseChosen':
      return { ...state, priceTierBase: event.data.base };
    case 'CompliancePolicyChanged':
      return { ...state, compliance: withComplianceDefaults(event.data.policy) };
    default:
      return state; // events of later versions are ignored, not fatal
  }
}

function withFeature(
  state: RegisteredCompany,
  feature: string,
  change: (current: FeatureState) => FeatureState,
): RegisteredCompany {
  if (!isFeatureName(feature)) return state;
  return { ...state, features: { ...state.features, [feature]: change(featureState(state, feature)) } };
}
