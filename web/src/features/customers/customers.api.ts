import type {
  DelinquentOverrideAnswer,
  DelinquentOverrideListResponse,
} from '#domain/contracts/credit-law.contract';
import { api } from '../../app/api';
import type { GridPage, GridQueryArgs } from '../../shared/grid/grid-protocol';
import type {
  CustomerGridRow,
  CustomerOverviewResponse,
  CustomerResponse,
} from '#domain/contracts/customer.contract';

export type {
  CustomerGridRow,
  CustomerOverviewResponse as CustomerOverview,
} from '#domain/contracts/customer.contract';

/** The client's specification's Customer, as GET /customer/{id} answers it (domain/contracts/customer.contract.ts). */
export type Customer = CustomerResponse;

/** POST /customer and PUT /customer/{id}: the form's fields, snake_case as the API names them. */
export interface CustomerBody {
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  tabc_id: string | null;
  aims_id: number | null;
  aims_license_type: string | null;
  ydk_est_id: string | null;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  cash_on_delivery: boolean;
  fintech_option: boolean;
  fintech_id: string | null;
  service_start: string | null;
  /** 11 digits: the retailer's Comptroller taxpayer number (monthly alcohol sales report). */
  comptroller_taxpayer_number: string | null;
  /** The customer's own payment terms; null: the company's. */
  payment_terms: string | null;
  /** null: no tier (the list price) */
  product_price_tier_id: string | null;
}

/** One licence of an establishment in GET /customer/auto-fill-suggestions. */
export interface PermitCode {
  license_id: string;
  license_type: string;
  /** what the form takes as tabc_id */
  tabc_id: string;
  aims_id: number | null;
  legacy_clp: string | null;
  primary_status: string | null;
  secondary_status: string | null;
  expiration_date: string | null;
}

export interface Delinquency {
  effective_date: string | null;
  list_number: string | null;
  permit: string;
}

/** An establishment from the imported TABC licence list. */
export interface Establishment {
  name: string;
  trade_name: string | null;
  owner: string | null;
  address: string | null;
  address_2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  county: string | null;
  phone: string | null;
  permitCodes: PermitCode[];
  delinquency: Delinquency | null;
}

/** GET /customer/{id}/tabc-expiration (as the client's specification asks). */
export interface TabcExpiration {
  expiration_date: string | null;
  isExpired: boolean;
  expiringInDays: number | null;
  isExpiringSoon: boolean;
  found: boolean;
}

/**
 * GET /customer/{id}/delinquency (as the client's specification asks), with whether a sale on credit is refused now
 * and the owner's overrides.
 */
export interface CustomerDelinquency {
  delinquent: boolean;
  effective_date: string | null;
  list_number: string | null;
  permit: string | null;
  in_effect?: boolean;
  refused?: boolean;
  override?: DelinquentOverrideAnswer | null;
  overrides?: DelinquentOverrideAnswer[];
}

export type { DelinquentOverrideAnswer, DelinquentOverrideListResponse };

const CUSTOMER = 'Customer' as const;
const LIST = { type: CUSTOMER, id: 'LIST' } as const;

export const customersApi = api
  .enhanceEndpoints({ addTagTypes: [CUSTOMER, 'Invoice', 'Payment', 'Order', 'CustomerBalance'] })
  .injectEndpoints({
    endpoints: (build) => ({
      customerGrid: build.query<GridPage<CustomerGridRow>, GridQueryArgs>({
        query: (params) => ({ url: 'customer/grid', params }),
        providesTags: [LIST],
      }),
      getCustomer: build.query<Customer, string>({
        query: (id) => `customer/${encodeURIComponent(id)}`,
        providesTags: (_result, _error, id) => [{ type: CUSTOMER, id }],
      }),
      createCustomer: build.mutation<Customer, CustomerBody>({
        query: (body) => ({ url: 'customer', method: 'POST', body }),
        invalidatesTags: [LIST],
      }),
      updateCustomer: build.mutation<Customer, { id: string; body: CustomerBody }>({
        query: ({ id, body }) => ({ url: `customer/${encodeURIComponent(id)}`, method: 'PUT', body }),
        invalidatesTags: (_result, _error, { id }) => [LIST, { type: CUSTOMER, id }],
      }),
      removeCustomer: build.mutation<{ message: string }, string>({
        query: (id) => ({ url: `customer/${encodeURIComponent(id)}`, method: 'DELETE' }),
        invalidatesTags: [LIST],
      }),
      autoFillSuggestions: build.query<Establishment[], string>({
        query: (query) => ({ url: 'customer/auto-fill-suggestions', params: { query } }),
        keepUnusedDataFor: 30,
      }),
      tabcExpiration: build.query<TabcExpiration, string>({
        query: (id) => `customer/${encodeURIComponent(id)}/tabc-expiration`,
        providesTags: (_result, _error, id) => [{ type: CUSTOMER, id }],
      }),
      customerDelinquency: build.query<CustomerDelinquency, string>({
        query: (id) => `customer/${encodeURIComponent(id)}/delinquency`,
        providesTags: (_result, _error, id) => [{ type: CUSTOMER, id }],
      }),
      recordDelinquentOverride: build.mutation<
        CustomerDelinquency,
        { id: string; body: { reason: string; note: string } }
      >({
        query: ({ id, body }) => ({
          url: `customer/${encodeURIComponent(id)}/delinquency/override`,
          method: 'POST',
          body,
        }),
        invalidatesTags: (_result, _error, { id }) => [
          { type: CUSTOMER, id },
          { type: CUSTOMER, id: 'OVERRIDES' },
        ],
      }),
      delinquentOverrides: build.query<DelinquentOverrideListResponse, void>({
        query: () => 'customer/delinquency/overrides',
        providesTags: [{ type: CUSTOMER, id: 'OVERRIDES' }],
      }),
      /** The customer's page: it follows the customer, its invoices, payments and orders. */
      customerOverview: build.query<CustomerOverviewResponse, string>({
        query: (id) => `customer/${encodeURIComponent(id)}/overview`,
        providesTags: (_result, _error, id) => [
          { type: CUSTOMER, id },
          { type: 'Invoice', id: 'LIST' },
          { type: 'Payment', id: 'LIST' },
          { type: 'Order', id: 'LIST' },
          { type: 'CustomerBalance', id: 'LIST' },
        ],
      }),
    }),
  });

export const {
  useCustomerGridQuery,
  useGetCustomerQuery,
  useCreateCustomerMutation,
  useUpdateCustomerMutation,
  useRemoveCustomerMutation,
  useAutoFillSuggestionsQuery,
  useTabcExpirationQuery,
  useCustomerDelinquencyQuery,
  useRecordDelinquentOverrideMutation,
  useDelinquentOverridesQuery,
  useCustomerOverviewQuery,
} = customersApi;
