import { api } from '../../../app/api';
import type { ProductSuggestion } from '../../../../../domain/contracts/product.contract';

export type { ProductSuggestion } from '../../../../../domain/contracts/product.contract';

export interface ProductSuggestionArgs {
  query: string;
  customerId?: string;
  /** the invoice date: prices on that day */
  date?: string;
}

/** A stamp range as the allocation preview answers it. */
export interface AllocatedRange {
  rollId: number;
  prefix: string;
  from: number;
  to: number;
}

/** GET stamp/allocation: what auto-allocation would give the invoice now (nothing is kept). */
export interface StampAllocationPreview {
  count: number;
  ranges: AllocatedRange[];
  added: AllocatedRange[];
  released: AllocatedRange[];
}

export interface ManualStampRange {
  roll_id: number;
  from: number;
  to: number;
}

/** POST stamp/range/check: a manual range is usable (else the spec's message as a 4xx). */
export interface StampRangeCheck {
  valid: true;
  roll_id: number;
  prefix: string;
  from: number;
  to: number;
  count: number;
  /** AB1000-AB1011 */
  range: string;
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
    stampAllocation: build.query<StampAllocationPreview, { count: number; invoiceId?: string }>({
      query: ({ count, invoiceId }) => ({
        url: 'stamp/allocation',
        params: { count, ...(invoiceId ? { invoice_id: invoiceId } : {}) },
      }),
      providesTags: ['StampLedger'],
    }),
    checkStampRange: build.mutation<
      StampRangeCheck,
      ManualStampRange & { invoice_id?: string; added: ManualStampRange[] }
    >({
      query: (body) => ({ url: 'stamp/range/check', method: 'POST', body }),
    }),
  }),
});

export const {
  useProductSuggestionsQuery,
  useLazyProductSuggestionsQuery,
  useStampAllocationQuery,
  useCheckStampRangeMutation,
} = builderApi;
