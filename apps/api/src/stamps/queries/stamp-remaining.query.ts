import type { StampRemainingResponse } from '#domain/contracts/stamp.contract.js';
import { Query } from '@nestjs/cqrs';

/** GET /stamp/remaining. */
export class StampRemainingQuery extends Query<StampRemainingResponse> {
  constructor(readonly companyId: string) {
    super();
  }
}
