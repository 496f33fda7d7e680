import { api } from '../../app/api';
import type { GridPage, GridQueryArgs } from '../../shared/grid/grid-protocol';

/** Spec 001 §3 Product, as the API answers it (money in dollars). */
export interface Product {
  id: string;
  product: string;
  product_size: string;
  product_type: string;
  upc: string | null;
  /** null when none (the editor's '0'); shown only with the internal_sku feature */
  internal_sku: string | null;
  distributor: string | null;
  ydk_product_id: string | null;
  /** the list price in effect today */
  product_price: number;
  last_purchase_price: number;
  /** since when today's list price holds; null: the price the product was created with */
  effective_date: string | null;
  reorder_level: number | null;
  reorder_qty: number | null;
  reorder_time_in_days: number | null;
  archived: boolean;
  archived_at: string | null;
  units_sold: number;
  amount_sold: number;
  profit: number;
  /** null while nothing was sold */
  profit_percentage: number | null;
  /** invoices naming the product: delete is refused while there are any */
  invoice_count: number;
  created_at: string;
  updated_at: string;
}

/** Spec 001 §3 priceChanges. */
export interface PriceChange {
  old_price: number;
  new_price: number;
  /** null: a change of the list price */
  customer_id: string | null;
  customer_name: string | null;
  effective_date: string;
  created_at: string;
}

/** GET /product/{id}. */
export interface ProductDetail extends Product {
  /** newest first */
  priceChanges: PriceChange[];
  /** the next list-price change already scheduled after today */
  next_price_change: { product_price: number; effective_date: string } | null;
}

/** A row of GET /product/grid. */
export type ProductGridRow = Omit<
  Product,
  | 'ydk_product_id'
  | 'effective_date'
  | 'reorder_level'
  | 'reorder_qty'
  | 'reorder_time_in_days'
  | 'archived_at'
>;

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
