import { Query } from '@nestjs/cqrs';
import type { StampRange } from '../../../../../domain/stamps/stamp.events.js';

export interface StampAllocationPreview {
  count: number;
  /** The stamps the invoice would hold: those it has, plus the shortfall, first active roll first. */
  ranges: StampRange[];
  /** Of those, the ones it does not hold yet. */
  added: StampRange[];
  /** Stamps it holds that it would give back (it needs fewer). */
  released: StampRange[];
}

/**
 * GET /stamp/allocation?count=&invoice_id=: what auto-allocation would give an invoice now, for the builder to
 * show before saving. Nothing is kept: the invoice's own save allocates (and may get other numbers if someone
 * else saved first).
 */
export class StampAllocationPreviewQuery extends Query<StampAllocationPreview> {
  constructor(
    readonly companyId: string,
    readonly count: number,
    readonly invoiceId: string | undefined,
    readonly now: string,
  ) {
    super();
  }
}
