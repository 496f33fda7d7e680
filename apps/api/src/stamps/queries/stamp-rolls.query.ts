import type { StampRollResponse } from '#domain/contracts/stamp.contract.js';
import { Query } from '@nestjs/cqrs';

/** GET /stamp/roll: every roll, first received first. */
export class StampRollsQuery extends Query<StampRollResponse[]> {
  constructor(readonly companyId: string) {
    super();
  }
}
