import { Query } from '@nestjs/cqrs';
import type { StampLedgerAsOf } from '../replay/stamp-ledger-replay.js';

/** GET /stamp/as-of?at=… (and its CSV): the ledger replayed to an instant, for auditors. */
export class StampLedgerAsOfQuery extends Query<StampLedgerAsOf> {
  constructor(
    readonly companyId: string,
    readonly at: string,
  ) {
    super();
  }
}
