import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { EVENT_STORE, type EventStore } from '#engine';
import { replayStampLedger } from '../replay/stamp-ledger-replay.js';
import { StampLedgerAsOfQuery } from './stamp-ledger-as-of.query.js';

/** Replays the event stream itself (not a read model): the answer is what the ledger was at that instant. */
@QueryHandler(StampLedgerAsOfQuery)
export class StampLedgerAsOfHandler implements IQueryHandler<StampLedgerAsOfQuery> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  execute({ companyId, at }: StampLedgerAsOfQuery) {
    return replayStampLedger(this.store, companyId, at);
  }
}
