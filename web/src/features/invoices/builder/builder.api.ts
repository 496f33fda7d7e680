import { api } from '../../../app/api';
import type { ProductRecommendationAnswer, ProductSuggestion } from '#domain/contracts/product.contract';
import type {
  StampAllocationPreviewResponse,
  StampRangeCheckResponse,
} from '#domain/contracts/stamp.contract';

export type { ProductSuggestion } from '#domain/contracts/product.contract';

export interface ProductSuggestionArgs {
  query: string;
  customerId?: string;
  /** the invoice date: prices on that day */
  date?: string;
}

export interface ManualStampRange {
  roll_id: number;
  from: number;
  to: number;
}

/** The invoice builder's reads: the product search, the stamp allocation preview and the manual range check. */
export const builderApi = api.enhanceEndpoints({ addTagTypes: ['Product', 'StampLedger'] }).injectEndpoints({
  endpoints: (build) => ({
    productSuggestions: build.query<ProductSuggestion[], ProductSuggestionArgs>({
      query: ({ query, customerId, date }) => ({
        url: 'product/suggestions',
        params: { query, ...(customerId ? { customerId } : {}), ...(date ? { date } : {}) },
      }),
      providesTags: ['Product'],
      keepUnusedDataFor: 30,
    }),
    productRecommendation: build.query<ProductRecommendationAnswer, string>({
      query: (customerId) => ({ url: 'product/recommendation', params: { customerId } }),
      providesTags: ['Product'],
    }),
    stampAllocation: build.query<
      StampAllocationPreviewResponse,
      { count: number; invoiceId?: string; bottles?: string }
    >({
      query: ({ count, invoiceId, bottles }) => ({
        url: 'stamp/allocation',
        params: { count, ...(invoiceId ? { invoice_id: invoiceId } : {}), ...(bottles ? { bottles } : {}) },
      }),
      providesTags: ['StampLedger'],
    }),
    checkStampRange: build.mutation<
      StampRangeCheckResponse,
      ManualStampRange & { invoice_id?: string; added: ManualStampRange[] }
    >({
      query: (body) => ({ url: 'stamp/range/check', method: 'POST', body }),
    }),
  }),
});

export const {
  useProductSuggestionsQuery,
  useLazyProductSuggestionsQuery,
  useProductRecommendationQuery,
  useStampAllocationQuery,
  useCheckStampRangeMutation,
} = builderApi;
