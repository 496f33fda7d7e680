import { Query } from '@nestjs/cqrs';
import type { StampAllocationPreviewResponse } from '#domain/contracts/stamp.contract.js';
import type { ProductStampNeed } from '#domain/stamps/goods-returns.js';

/** `productId:bottles,…` as the preview's `bottles` parameter gives it (already validated). */
export const bottleNeeds = (bottles: string | undefined): ProductStampNeed[] =>
  (bottles ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => {
      const [productId, stamps] = pair.split(':');
      return { productId: productId!, name: '', stamps: Number(stamps) };
    });

/**
 * GET /stamp/allocation?count=&invoice_id=: what auto-allocation would give an invoice now, for the builder to
 * show before saving. Nothing is kept: the invoice's own save allocates (and may get other numbers if someone
 * else saved first).
 */
export class StampAllocationPreviewQuery extends Query<StampAllocationPreviewResponse> {
  constructor(
    readonly companyId: string,
    readonly count: number,
    readonly invoiceId: string | undefined,
    readonly now: string,
    /** A new invoice's bottles stamped one per bottle, by product: returned bottles of them go first. */
    readonly bottles: readonly ProductStampNeed[] = [],
  ) {
    super();
  }
}
