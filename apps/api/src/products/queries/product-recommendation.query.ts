import { Query } from '@nestjs/cqrs';
import type { ProductRecommendationAnswer } from '#domain/contracts/product.contract.js';

/** GET /product/recommendation: what to add for this customer, priced for it today. */
export class ProductRecommendationQuery extends Query<ProductRecommendationAnswer> {
  constructor(
    readonly companyId: string,
    readonly customerId: string,
    readonly now: string,
    /** The business day to recommend on, from the purchases up to it (benches replay the past); default today. */
    readonly asOf?: string,
  ) {
    super();
  }
}
