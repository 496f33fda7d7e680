import { Query } from '@nestjs/cqrs';
import type { StampAllocationPreviewResponse } from '#domain/contracts/stamp.contract.js';

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
  ) {
    super();
  }
}
