import { api } from '../../app/api';
import { useAppSelector } from '../../app/store';
import type { CompanyResponse, LogoResponse } from '#domain/contracts/company.contract';

export type { CompanyFeatureResponse as CompanyFeature } from '#domain/contracts/company.contract';

/** The client's specification's Company, as GET/PUT /company/{id} answer it (domain/contracts/company.contract.ts). */
export type Company = CompanyResponse;

/** The client's specification's Logo, as GET /company/logo answers it; `path` needs the bearer token (see useLogoImage). */
export type Logo = LogoResponse;

/** The company every screen reads (settings, the dashboard, feature gates). Tag 'Company'. */
export const companyApi = api.enhanceEndpoints({ addTagTypes: ['Company'] }).injectEndpoints({
  endpoints: (build) => ({
    getCompany: build.query<Company, string>({
      query: (id) => `company/${encodeURIComponent(id)}`,
      providesTags: ['Company'],
    }),
  }),
});

export const { useGetCompanyQuery } = companyApi;

/** The signed-in user's company: `useCompany()` ⇒ the RTK Query result for GET /company/{company_id}. */
export function useCompany() {
  const companyId = useAppSelector((state) => state.session.user?.company_id);
  return useGetCompanyQuery(companyId === undefined ? '' : String(companyId), {
    skip: companyId === undefined,
  });
}
