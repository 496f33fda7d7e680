import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { allocateStamps, stampLedgerDecider } from '#domain/stamps/stamp.decide.js';
import { stampsStream } from '#domain/stamps/stamp.events.js';
import { heldAfter } from '#domain/stamps/stamp-holding.js';
import { EventAppender } from '#engine';
import { PG_POOL } from '#infra/projections.provider.js';
import { holdingNow } from '../stamp-holdings.js';
import type { StampAllocationPreviewResponse } from '#domain/contracts/stamp.contract.js';
import { toStampRangeResponse } from '../stamp.responses.js';
import { StampAllocationPreviewQuery } from './stamp-allocation-preview.query.js';

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
  }: StampAllocationPreviewQuery): Promise<StampAllocationPreviewResponse> {
    const id = invoiceId ?? NEW_INVOICE;
    const [{ state }, held] = await Promise.all([
      this.events.load(stampsStream(companyId), stampLedgerDecider),
      invoiceId ? holdingNow(this.events, this.pool, companyId, invoiceId).then((h) => h.ranges) : [],
    ]);
    const decided = allocateStamps(state, { invoiceId: id, count, held }, now);
    return {
      count,
      ranges: heldAfter(held, id, decided).map(toStampRangeResponse),
      added: decided
        .flatMap((e) => (e.type === 'StampsAllocated' ? e.data.ranges : []))
        .map(toStampRangeResponse),
      released: decided
        .flatMap((e) => (e.type === 'StampsReleased' ? e.data.ranges : []))
        .map(toStampRangeResponse),
    };
  }
}
