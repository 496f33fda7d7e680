import type { FeatureAccess, FeatureName } from '#domain/companies/company.features';
import { companyApi, type Company } from '../../shared/company/company.api';

/** What a card's button does (as the client's specification asks); the server decides it. */
export type FeatureAction = 'activate' | 'deactivate' | 'request_access' | 'requested' | 'coming_soon';

/** One card of GET /company/features. */
export interface FeatureCard {
  name: FeatureName;
  title: string;
  description: string;
  pricing: string;
  comingSoon: boolean;
  access: FeatureAccess;
  active: boolean;
  ignore_pricing: boolean;
  requested_at: string | null;
  action: FeatureAction;
}

export const featuresApi = companyApi.enhanceEndpoints({ addTagTypes: ['Feature'] }).injectEndpoints({
  endpoints: (build) => ({
    listFeatures: build.query<FeatureCard[], void>({
      query: () => 'company/features',
      providesTags: ['Feature'],
    }),
    /** Switches a free feature on, or any feature off; answers the company (with its companyFeatures). */
    switchFeature: build.mutation<Company, { name: FeatureName; active: boolean }>({
      query: (body) => ({ url: 'company/feature', method: 'POST', body }),
      invalidatesTags: ['Feature', 'Company'],
    }),
    requestFeatureAccess: build.mutation<{ message: string; feature?: FeatureCard }, FeatureName>({
      query: (name) => ({ url: 'company/feature/request-access', method: 'POST', body: { name } }),
      invalidatesTags: ['Feature'],
    }),
  }),
});

export const { useListFeaturesQuery, useSwitchFeatureMutation, useRequestFeatureAccessMutation } =
  featuresApi;
