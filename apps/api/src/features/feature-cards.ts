import {
  FEATURE_CATALOGUE,
  FEATURE_NAMES,
  type FeatureAccess,
  type FeatureName,
} from '#domain/companies/company.features.js';
import type { CompanyFeatureRow } from '#projections/companies/company.projection.js';

/** What the card's button does (as the client's specification asks). */
export type FeatureAction = 'activate' | 'deactivate' | 'request_access' | 'requested' | 'coming_soon';

/** One card of /features (as the client's specification asks). */
export interface FeatureCardResponse {
  /** The feature's id (the client's specification's Feature id): its name, stable across releases. */
  id: FeatureName;
  name: FeatureName;
  title: string;
  description: string;
  pricing: string;
  comingSoon: boolean;
  access: FeatureAccess;
  active: boolean;
  ignore_pricing: boolean;
  /** When access was requested and not yet answered. */
  requested_at: string | null;
  action: FeatureAction;
}

/**
 * Activate: a free feature never switched off. Deactivate: any active feature (after confirmation). Request Access:
 * a paid feature, or one switched off before; 'requested' once asked. Coming Soon: disabled.
 */
export function featureCards(features: Record<string, CompanyFeatureRow>): FeatureCardResponse[] {
  return FEATURE_NAMES.map((name) => {
    const card = FEATURE_CATALOGUE[name];
    const state = features[name];
    const active = state?.active ?? false;
    const requestedAt = active ? null : (state?.requested_at ?? null);
    const action: FeatureAction =
      card.access === 'coming_soon' && !active
        ? 'coming_soon'
        : active
          ? 'deactivate'
          : card.access === 'free' && !state?.switched_off
            ? 'activate'
            : requestedAt
              ? 'requested'
              : 'request_access';
    return {
      id: name,
      name,
      title: card.title,
      description: card.description,
      pricing: card.pricing,
      comingSoon: card.access === 'coming_soon',
      access: card.access,
      active,
      ignore_pricing: state?.ignore_pricing ?? false,
      requested_at: requestedAt,
      action,
    };
  });
}
