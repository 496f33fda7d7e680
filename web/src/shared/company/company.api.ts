import { api } from '../../app/api';
import { useAppSelector } from '../../app/store';
import type { FeatureName } from '../../../../domain/companies/company.features';

/** Spec 000 §3 Logo, as GET /company/logo answers it; `path` needs the bearer token (see useLogoImage). */
export interface Logo {
  id: string;
  path: string;
  originalname: string;
  mimetype: string;
  size: number;
  width: number | null;
  height: number | null;
  is_default: boolean;
  created_at: string;
}

export interface CompanyFeature {
  name: FeatureName;
  active: boolean;
  ignore_pricing: boolean;
}

/** Spec 000 §3 Company, as GET/PUT /company/{id} answer it. */
export interface Company {
  id: string;
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  tabc_id: string;
  subdomain: string | null;
  default_invoice_note: string;
  starting_invoice_number: number;
  default_invoice_status: string;
  has_fintech: boolean;
  fintech_id: string | null;
  show_prices: boolean;
  sort_inv_products: boolean;
  default_logo_id: string | null;
  stamp_threshold: number;
  tax_rate: number;
  cash_on_delivery: boolean;
  time_zone: string;
  /** false until every required detail is filled in: the dashboard asks for them */
  details_complete: boolean;
  owner_user_id: string;
  registered_at: string;
  updated_at: string;
  companyFeatures: CompanyFeature[];
  logos: Logo[];
}

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
