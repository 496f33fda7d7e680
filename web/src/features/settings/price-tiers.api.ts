import { api } from '../../app/api';
import type { PriceTierResponse } from '#domain/contracts/product.contract';

/** The client's specification's Price tier, as GET /product/price-tier answers it (domain/contracts/product.contract.ts). */
export type PriceTier = PriceTierResponse;

export interface PriceTierColor {
  name: string;
  hex: string;
}

export interface TierCustomerCount {
  product_price_tier_id: string;
  name: string;
  is_base_tier: boolean;
  count: number;
}

export type TierBase = 'list_price' | 'last_purchase_price';

export interface PriceTierBody {
  name: string;
  percentage: string;
  color: string;
}

const TIER = 'PriceTier' as const;
const LIST = { type: TIER, id: 'LIST' } as const;

/** The price tier manager's calls (as the client's specification asks); all answer 403 without tiered_pricing. */
export const priceTiersApi = api
  .enhanceEndpoints({ addTagTypes: [TIER, 'Customer', 'Company'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listPriceTiers: build.query<PriceTier[], void>({
        query: () => 'product/price-tier',
        providesTags: [LIST],
      }),
      priceTierColors: build.query<PriceTierColor[], void>({
        query: () => 'product/price-tier/colors',
        keepUnusedDataFor: 600,
      }),
      tierCustomerCounts: build.query<TierCustomerCount[], void>({
        query: () => 'product/price-tier/count-customer',
        providesTags: [LIST, { type: 'Customer', id: 'LIST' }],
      }),
      priceTierSettings: build.query<{ tier_base: TierBase }, void>({
        query: () => 'product/price-tier/settings',
        providesTags: [{ type: TIER, id: 'SETTINGS' }],
      }),
      addPriceTier: build.mutation<PriceTier, PriceTierBody>({
        query: (body) => ({ url: 'product/price-tier', method: 'POST', body }),
        invalidatesTags: [LIST, 'Company'],
      }),
      updatePriceTier: build.mutation<PriceTier, { id: string; body: PriceTierBody }>({
        query: ({ id, body }) => ({
          url: `product/price-tier/${encodeURIComponent(id)}`,
          method: 'PUT',
          body,
        }),
        invalidatesTags: [LIST, 'Company'],
      }),
      removePriceTier: build.mutation<
        { message: string; migrated_to_tier_id: string; migrated_customers: number },
        { id: string; migratingTierId: string | null }
      >({
        query: ({ id, migratingTierId }) => ({
          url: `product/price-tier/${encodeURIComponent(id)}`,
          method: 'DELETE',
          params: migratingTierId ? { migrating_price_tier_id: migratingTierId } : undefined,
        }),
        // customers moved tier: their cached forms read again
        invalidatesTags: [LIST, 'Company', 'Customer'],
      }),
      choosePriceTierBase: build.mutation<{ tier_base: TierBase }, TierBase>({
        query: (tier_base) => ({ url: 'product/price-tier/settings', method: 'PUT', body: { tier_base } }),
        invalidatesTags: [{ type: TIER, id: 'SETTINGS' }, 'Company'],
      }),
    }),
  });

export const {
  useListPriceTiersQuery,
  usePriceTierColorsQuery,
  useTierCustomerCountsQuery,
  usePriceTierSettingsQuery,
  useAddPriceTierMutation,
  useUpdatePriceTierMutation,
  useRemovePriceTierMutation,
  useChoosePriceTierBaseMutation,
} = priceTiersApi;
