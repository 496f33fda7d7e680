import type { StampHistoryResponse } from '#domain/contracts/stamp.contract.js';
import { Query } from '@nestjs/cqrs';

/** GET /stamp/history?prefix=&number=: every transition of one stamp, oldest first (issue 5 §4). */
export class StampHistoryQuery extends Query<StampHistoryResponse> {
  constructor(
    readonly companyId: string,
    readonly prefix: string,
    readonly number: number,
  ) {
    super();
  }
}
