import { Query } from '@nestjs/cqrs';
import type { PriceForCustomer } from '#domain/contracts/product.contract.js';

export interface ProductPriceResponse extends PriceForCustomer {
  product_id: string;
  customer_id: string | null;
  /** The business day the price is for. */
  date: string;
}

/** What one customer (or anyone, without) pays for a product on a day (default today). */
export class ProductPriceQuery extends Query<ProductPriceResponse> {
  constructor(
    readonly companyId: string,
    readonly productId: string,
    readonly customerId: string | null,
    readonly date: string | null,
    readonly now: string,
  ) {
    super();
  }
}
