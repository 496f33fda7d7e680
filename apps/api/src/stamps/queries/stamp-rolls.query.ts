import { Query } from '@nestjs/cqrs';
import type { StampRollResponse } from '../stamp.responses.js';

/** GET /stamp/roll: every roll, first received first. */
export class StampRollsQuery extends Query<StampRollResponse[]> {
  constructor(readonly companyId: string) {
    super();
  }
}
