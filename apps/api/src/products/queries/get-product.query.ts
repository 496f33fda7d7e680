import { Query } from '@nestjs/cqrs';
import type { ProductDetailResponse } from '#domain/contracts/product.contract.js';

/** The product detail (spec 001 §2 /product/{id}); another company's product is not found. */
export class GetProductQuery extends Query<ProductDetailResponse> {
  constructor(
    readonly companyId: string,
    readonly productId: string,
    readonly now: string,
  ) {
    super();
  }
}
