import { Query } from '@nestjs/cqrs';
import type { ProductSuggestion } from '#domain/contracts/product.contract.js';

export interface SuggestionFilter {
  query: string;
  /** Instead of a search: exactly these products (recommendations), priced the same way. */
  ids?: string[];
  customerId?: string;
  excludeIds: string[];
  excludeSourceIds: string[];
  distributor?: string;
  date?: string;
  limit: number;
}

/** The invoice builder's product search (as the client's specification asks), priced for the customer on the invoice date. */
export class ProductSuggestionsQuery extends Query<ProductSuggestion[]> {
  constructor(
    readonly companyId: string,
    readonly filter: SuggestionFilter,
    readonly now: string,
  ) {
    super();
  }
}
