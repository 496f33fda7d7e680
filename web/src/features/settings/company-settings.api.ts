import { companyApi, type Company, type Logo } from '../../shared/company/company.api';

/** PUT /company/{id}: every field of the settings form (spec 000 §5 Company). */
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
}

type Dispatch = (action: ReturnType<typeof companySettingsApi.util.upsertQueryData>) => unknown;

/** A logo call answers the new list: it replaces the cached one (no second round trip). */
async function answersLogoList(dispatch: Dispatch, fulfilled: Promise<{ data: Logo[] }>) {
  try {
    const { data } = await fulfilled;
    dispatch(companySettingsApi.util.upsertQueryData('listLogos', undefined, data));
  } catch {
    // the screen shows the error; the cached list stays as it was
  }
}

/** Company details and the logo manager (spec 000 §7 Company). Logo calls answer the logo list. */
export const companySettingsApi = companyApi
  .enhanceEndpoints({ addTagTypes: ['Logo'] })
  .injectEndpoints({
    endpoints: (build) => ({
      updateCompany: build.mutation<Company, { id: string; body: UpdateCompanyBody }>({
        query: ({ id, body }) => ({ url: `company/${encodeURIComponent(id)}`, method: 'PUT', body }),
        invalidatesTags: ['Company'],
      }),
      listLogos: build.query<Logo[], void>({
        query: () => 'company/logo',
        providesTags: ['Logo'],
      }),
      uploadLogo: build.mutation<Logo[], File>({
        query: (file) => {
          const body = new FormData();
          body.append('logo', file, file.name);
          return { url: 'company/logo', method: 'POST', body };
        },
        invalidatesTags: ['Company'],
        onQueryStarted: (_arg, { dispatch, queryFulfilled }) => answersLogoList(dispatch, queryFulfilled),
      }),
      chooseDefaultLogo: build.mutation<Logo[], string>({
        query: (id) => ({ url: `company/logo/${encodeURIComponent(id)}/default`, method: 'PUT' }),
        invalidatesTags: ['Company'],
        onQueryStarted: (_arg, { dispatch, queryFulfilled }) => answersLogoList(dispatch, queryFulfilled),
      }),
      removeLogo: build.mutation<Logo[], string>({
        query: (id) => ({ url: `company/logo/${encodeURIComponent(id)}`, method: 'DELETE' }),
        invalidatesTags: ['Company'],
        onQueryStarted: (_arg, { dispatch, queryFulfilled }) => answersLogoList(dispatch, queryFulfilled),
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
