import type { FeatureName } from '#domain/companies/company.features';
import { useCompany } from '../company/company.api';

export interface FeatureStatus {
  /** true when the company has the feature switched on */
  active: boolean;
  /** the company is still loading: neither on nor off yet */
  loading: boolean;
  /** the company could not be loaded */
  error: unknown;
  refetch: () => void;
}

/** Whether the signed-in user's company has `name` active (from the company's companyFeatures). */
export function useFeature(name: FeatureName): FeatureStatus {
  const { data, isLoading, error, refetch } = useCompany();
  return {
    active: !!data?.companyFeatures.some((feature) => feature.name === name && feature.active),
    loading: isLoading,
    error: data ? undefined : error,
    refetch: () => void refetch(),
  };
}

/**
 * Whether a feature is on, counting every feature as on until the company is known: what a feature hides (Inventory
 * under bottle_pos or clover) stays hidden instead of flashing into view. The side navigation and the palette share it.
 */
export function useFeatureOnOrUnknown(): (name: FeatureName) => boolean {
  const { data } = useCompany();
  return (name) =>
    data ? data.companyFeatures.some((feature) => feature.name === name && feature.active) : true;
}
