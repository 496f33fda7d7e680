import { Query } from '@nestjs/cqrs';
import type { ProductDetailResponse } from '#domain/contracts/product.contract.js';

/** The product detail (as the client's specification asks); another company's product is not found. */
export class GetProductQuery extends Query<ProductDetailResponse> {
  constructor(
    readonly companyId: string,
    readonly productId: string,
    readonly now: string,
  ) {
    super();
  }
}
