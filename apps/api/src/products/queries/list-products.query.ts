import { Query } from '@nestjs/cqrs';
import type { PriceForCustomer, ProductResponse } from '#domain/contracts/product.contract.js';

export type ProductListRow = ProductResponse & Omit<PriceForCustomer, 'list_price'>;

export interface ProductListFilter {
  dateFrom?: string;
  dateTo?: string;
  customerId?: string;
  search?: string;
  archived: boolean;
  limit: number;
}

/**
 * GET /product (as the client's specification asks): the company's products, units sold first, with what they sold between dateFrom and
 * dateTo (to customerId, when given) and the price for that customer today.
 */
export class ListProductsQuery extends Query<ProductListRow[]> {
  constructor(
    readonly companyId: string,
    readonly filter: ProductListFilter,
    readonly now: string,
  ) {
    super();
  }
}
