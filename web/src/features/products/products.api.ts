import { api } from '../../app/api';
import type { GridPage, GridQueryArgs } from '../../shared/grid/grid-protocol';
import type {
  ProductDetailResponse,
  ProductGridRow,
  ProductResponse,
} from '#domain/contracts/product.contract';

export type { PriceChangeResponse as PriceChange, ProductGridRow } from '#domain/contracts/product.contract';

/** The client's specification's Product (domain/contracts/product.contract.ts). */
export type Product = ProductResponse;

/** GET /product/{id}. */
export type ProductDetail = ProductDetailResponse;

/** POST /product: the editor's fields, snake_case as the API names them (money as typed). */
export interface ProductBody {
  product: string;
  product_type: string;
  product_size: string;
  product_price: string;
  last_purchase_price: string | null;
  upc: string | null;
  internal_sku?: string | null;
  distributor: string | null;
  reorder_level: string | null;
  reorder_qty: string | null;
  reorder_time_in_days: string | null;
  case_size: string | null;
}

/** PUT /product/{id}: any editor field (left out: kept), a price change's date and customer, archive / restore. */
export type ProductUpdateBody = Partial<ProductBody> & {
  effective_date?: string | null;
  customerId?: string | null;
  archived?: boolean;
};

/** A customer as the price-change picker lists it (GET /customer?search=…). */
export interface CustomerOption {
  id: string;
  name: string;
  city: string;
  display_tabc_id: string;
}

const PRODUCT = 'Product' as const;
const LIST = { type: PRODUCT, id: 'LIST' } as const;

export const productsApi = api.enhanceEndpoints({ addTagTypes: [PRODUCT] }).injectEndpoints({
  endpoints: (build) => ({
    productGrid: build.query<GridPage<ProductGridRow>, GridQueryArgs>({
      query: (params) => ({ url: 'product/grid', params }),
      providesTags: [LIST],
    }),
    getProduct: build.query<ProductDetail, string>({
      query: (id) => `product/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: PRODUCT, id }],
    }),
    createProduct: build.mutation<ProductDetail, ProductBody>({
      query: (body) => ({ url: 'product', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateProduct: build.mutation<ProductDetail, { id: string; body: ProductUpdateBody }>({
      query: ({ id, body }) => ({ url: `product/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [LIST, { type: PRODUCT, id }],
    }),
    deleteProduct: build.mutation<{ message: string; id: string }, string>({
      query: (id) => ({ url: `product/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [LIST, { type: PRODUCT, id }],
    }),
    priceChangeCustomers: build.query<CustomerOption[], string>({
      query: (search) => ({ url: 'customer', params: { search, limit: 20 } }),
      keepUnusedDataFor: 30,
    }),
  }),
});

export const {
  useProductGridQuery,
  useGetProductQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useDeleteProductMutation,
  usePriceChangeCustomersQuery,
} = productsApi;
