import { Query } from '@nestjs/cqrs';
import type { PriceForCustomer } from '../../../../../domain/contracts/product.contract.js';

export interface ProductSuggestion extends PriceForCustomer {
  id: string;
  product: string;
  product_size: string;
  product_type: string;
  upc: string | null;
  internal_sku: string | null;
  distributor: string | null;
  ydk_product_id: string | null;
  last_purchase_price: number;
  /** What the customer paid on its last invoice of the product (null: never invoiced to it, or no customer). */
  last_invoiced_price: number | null;
  /** upc: the query is this product's UPC; name: its name starts with the query; contains: elsewhere. */
  match: 'upc' | 'name' | 'contains';
}

export interface SuggestionFilter {
  query: string;
  customerId?: string;
  excludeIds: string[];
  excludeSourceIds: string[];
  distributor?: string;
  date?: string;
  limit: number;
}

/** The invoice builder's product search (spec 000 §5, 001 §5), priced for the customer on the invoice date. */
export class ProductSuggestionsQuery extends Query<ProductSuggestion[]> {
  constructor(
    readonly companyId: string,
    readonly filter: SuggestionFilter,
    readonly now: string,
  ) {
    super();
  }
}
