import { companyApi, type Company, type Logo } from '../../shared/company/company.api';

/** PUT /company/{id}: every field of the settings form (as the client's specification asks). */
export interface UpdateCompanyBody {
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
  stamp_threshold: number;
  tax_rate: number;
  cash_on_delivery: boolean;
  time_zone: string;
  payment_terms: string;
  delivery_means: string;
  carrier_name: string | null;
  carrier_permit: string | null;
}

const logoListApi = companyApi.injectEndpoints({
  endpoints: (build) => ({
    listLogos: build.query<Logo[], void>({ query: () => 'company/logo' }),
  }),
});

/** A logo call answers the new list: it replaces the cached one (no second round trip). */
const answersLogoList = async (
  dispatch: (action: ReturnType<typeof logoListApi.util.upsertQueryData>) => unknown,
  fulfilled: Promise<{ data: Logo[] }>,
) => {
  try {
    dispatch(logoListApi.util.upsertQueryData('listLogos', undefined, (await fulfilled).data));
  } catch {
    // the screen shows the error; the cached list stays as it was
  }
};

/** Company details and the logo manager (as the client's specification asks). Logo calls answer the logo list. */
export const companySettingsApi = logoListApi.injectEndpoints({
  endpoints: (build) => ({
    updateCompany: build.mutation<Company, { id: string; body: UpdateCompanyBody }>({
      query: ({ id, body }) => ({ url: `company/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: ['Company'],
    }),
    uploadLogo: build.mutation<Logo[], File>({
      query: (file) => {
        const body = new FormData();
        body.append('logo', file, file.name);
        return { url: 'company/logo', method: 'POST', body };
      },
      invalidatesTags: ['Company'],
      onQueryStarted: (_file, { dispatch, queryFulfilled }) => answersLogoList(dispatch, queryFulfilled),
    }),
    chooseDefaultLogo: build.mutation<Logo[], string>({
      query: (id) => ({ url: `company/logo/${encodeURIComponent(id)}/default`, method: 'PUT' }),
      invalidatesTags: ['Company'],
      onQueryStarted: (_id, { dispatch, queryFulfilled }) => answersLogoList(dispatch, queryFulfilled),
    }),
    removeLogo: build.mutation<Logo[], string>({
      query: (id) => ({ url: `company/logo/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Company'],
      onQueryStarted: (_id, { dispatch, queryFulfilled }) => answersLogoList(dispatch, queryFulfilled),
    }),
  }),
});

export const {
  useUpdateCompanyMutation,
  useListLogosQuery,
  useUploadLogoMutation,
  useChooseDefaultLogoMutation,
  useRemoveLogoMutation,
} = companySettingsApi;
