import type { PriceSource } from '../products/product.pricing.js';
import type { StockStatus } from './inventory.contract.js';

/*
 * What /product answers, as the API writes it and the web reads it (money in dollars, numbers with
 * at most 2 decimals). Types only: the web build imports this file too.
 */

/**
 * The client's specification's Product. `product_price` is the list price in effect today (in the company's time zone).
 * units_sold, amount_sold and profit are what invoices sold (0 until invoices exist);
 * profit = amount sold − units sold × last purchase price.
 */
export interface ProductResponse {
  id: string;
  product: string;
  product_size: string;
  product_type: string;
  upc: string | null;
  /** null when none (the form's '0'); the screens show it only with the internal_sku feature. */
  internal_sku: string | null;
  distributor: string | null;
  ydk_product_id: string | null;
  product_price: number;
  last_purchase_price: number;
  /** The effective date of today's list price; null: the price the product was created with. */
  effective_date: string | null;
  reorder_level: number | null;
  reorder_qty: number | null;
  reorder_time_in_days: number | null;
  /** Bottles per case; null when not given (as the client's specification asks). */
  case_size: number | null;
  archived: boolean;
  archived_at: string | null;
  units_sold: number;
  amount_sold: number;
  profit: number;
  /** profit / amount sold × 100, 2 decimals; null while nothing was sold. */
  profit_percentage: number | null;
  /** Invoices naming the product: delete is refused while there are any. */
  invoice_count: number;
  created_at: string;
  updated_at: string;
}

/** The client's specification priceChanges. */
export interface PriceChangeResponse {
  old_price: number;
  new_price: number;
  /** null: a change of the list price. */
  customer_id: string | null;
  customer_name: string | null;
  effective_date: string;
  created_at: string;
}

/** GET /product/{id}. */
export interface ProductDetailResponse extends ProductResponse {
  /** Newest first. */
  priceChanges: PriceChangeResponse[];
  /** The next list-price change already scheduled after today, if any. */
  next_price_change: { product_price: number; effective_date: string } | null;
  /** The product's inventory row (qty, distributor, reorder fields); null for a product without one. */
  inventory: ProductInventoryResponse | null;
  /** OK, LOW, ZERO or NEGATIVE (the inventory's status); null without an inventory row. */
  stock_status: StockStatus | null;
  /** The newest invoice lines of the product, newest invoice date first (at most PRODUCT_RECENT_INVOICES). */
  invoices: ProductInvoiceResponse[];
}

/** The invoices a product answer lists: the newest, at most this many (the product's page links the rest). */
export const PRODUCT_RECENT_INVOICES = 10;

/** The client's specification: a product's inventory (qty, distributor, reorder fields). */
export interface ProductInventoryResponse {
  qty: number;
  distributor: string | null;
  reorder_level: number | null;
  reorder_qty: number | null;
  reorder_time_in_days: number | null;
  reorder_needed: boolean;
  days_to_reorder: number | null;
  status: StockStatus;
  last_restock_at: string | null;
  last_restock_qty: number | null;
  updated_at: string | null;
}

/** One invoice line of the product: its invoice, and the qty, unit price and deal of the line. */
export interface ProductInvoiceResponse {
  id: string;
  number: string;
  /** business date yyyy-MM-dd */
  invoiced_at: string;
  status: string;
  customer_id: string;
  customer: string;
  qty: number;
  unit_price: number;
  on_deal: boolean;
  total: number;
}

/** A row of GET /product/grid (apps/api/src/products/queries/product-grid.ts). */
export type ProductGridRow = Omit<
  ProductResponse,
  | 'ydk_product_id'
  | 'effective_date'
  | 'reorder_level'
  | 'reorder_qty'
  | 'reorder_time_in_days'
  | 'case_size'
  | 'archived_at'
>;

/** A price for one customer (or none): what the invoice builder puts on a line. */
export interface PriceForCustomer {
  price: number;
  price_source: PriceSource;
  list_price: number;
  tier: { id: string; name: string; percentage: number } | null;
}

/** The client's specification's Price tier, as GET /product/price-tier answers it. */
export interface PriceTierResponse {
  id: string;
  name: string;
  /** Percent of the base price added: 10 means +10 %. */
  percentage: number;
  /** A colour name of GET /product/price-tier/colors. */
  color: string;
  is_base_tier: boolean;
  created_at: string;
  updated_at: string;
}

/** A row of GET /product/suggestions: a product priced for the customer on the invoice date (the invoice builder). */
export interface ProductSuggestion extends PriceForCustomer {
  id: string;
  product: string;
  product_size: string;
  product_type: string;
  upc: string | null;
  /** Bottles per case; null when not given (small formats may be stamped per case). */
  case_size: number | null;
  internal_sku: string | null;
  distributor: string | null;
  ydk_product_id: string | null;
  /** The product's last purchase price: selling under it is 'below cost'. */
  last_purchase_price: number;
  /** What the customer paid on its last invoice of the product (null: never invoiced to it, or no customer). */
  last_invoiced_price: number | null;
  /**
   * upc: the query is this product's UPC; name: its name starts with the query; contains: elsewhere; id: asked for
   * by id (a recommendation).
   */
  match: 'upc' | 'name' | 'contains' | 'id';
}

/** One recommendation of GET /product/recommendation: the product priced for the customer, and why, in one line. */
export interface ProductRecommendation {
  product: ProductSuggestion;
  /**
   * reorder: one of the customer's own products, and its rhythm says it is due; usual: one of its own products, not
   * due yet; similar: it never bought it, and customers like it do
   */
  kind: 'reorder' | 'usual' | 'similar';
  /** 'bought every ~14 days, last 16 days ago', 'on 9 of its 12 invoice days, last 3 days ago', 'bought by 7 of 9 customers who buy X' */
  reason: string;
}

/** GET /product/recommendation?customerId= (the shape is ours: the spec shows none). */
export interface ProductRecommendationAnswer {
  recommendation: ProductRecommendation[];
}
