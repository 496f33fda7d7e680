import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { allocateStamps, stampLedgerDecider } from '#domain/stamps/stamp.decide.js';
import { stampsStream } from '#domain/stamps/stamp.events.js';
import { heldAfter } from '#domain/stamps/stamp-holding.js';
import { reissueReturnedStamps, type ProductStampNeed } from '#domain/stamps/goods-returns.js';
import type { StampEvent, StampRange } from '#domain/stamps/stamp.events.js';
import { evolve, type StampLedger } from '#domain/stamps/stamp.state.js';
import { EventAppender } from '#engine';
import { PG_POOL } from '#infra/projections.provider.js';
import { holdingNow } from '../stamp-holdings.js';
import type { StampAllocationPreviewResponse } from '#domain/contracts/stamp.contract.js';
import { toStampRangeResponse } from '../stamp.responses.js';
import { StampAllocationPreviewQuery } from './stamp-allocation-preview.query.js';

const NO_CUSTOMER = { invoiceNumber: null, customerId: null, customerName: null, customerTabcId: null };

/** A preview id for an invoice not created yet: it holds no stamps. */
const NEW_INVOICE = '00000000-0000-0000-0000-000000000000';

@QueryHandler(StampAllocationPreviewQuery)
export class StampAllocationPreviewHandler implements IQueryHandler<StampAllocationPreviewQuery> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({
    companyId,
    count,
    invoiceId,
    now,
    bottles,
  }: StampAllocationPreviewQuery): Promise<StampAllocationPreviewResponse> {
    const id = invoiceId ?? NEW_INVOICE;
    const [{ state }, held] = await Promise.all([
      this.events.load(stampsStream(companyId), stampLedgerDecider),
      invoiceId ? holdingNow(this.events, this.pool, companyId, invoiceId).then((h) => h.ranges) : [],
    ]);
    return preview(state, id, count, held, invoiceId ? [] : bottles, now);
  }
}

/**
 * What a save would do now: a new invoice carries the stamps of returned bottles of its products first (`bottles`),
 * then takes fresh stamps, first active roll first; an edited invoice keeps what it holds.
 */
function preview(
  state: StampLedger,
  id: string,
  count: number,
  held: readonly StampRange[],
  bottles: readonly ProductStampNeed[],
  now: string,
): StampAllocationPreviewResponse {
  const returned = reissueReturnedStamps(state, bottles, { invoiceId: id, ...NO_CUSTOMER }, now);
  const ledger = returned.events.reduce(evolve, state);
  const rest = Math.max(0, count - returned.covered);
  const decided = allocateStamps(ledger, { invoiceId: id, count: rest, held: [...held] }, now);
  const rangesOf = (type: StampEvent['type']) =>
    decided.flatMap((e) => (e.type === type && 'ranges' in e.data ? e.data.ranges : []));
  return {
    count,
    ranges: heldAfter([...held], id, decided).map(toStampRangeResponse),
    added: rangesOf('StampsAllocated').map(toStampRangeResponse),
    released: rangesOf('StampsReleased').map(toStampRangeResponse),
    reissued: returned.events
      .flatMap((e) => e.data.reissues.flatMap((r) => r.ranges))
      .map(toStampRangeResponse),
  };
}
