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
