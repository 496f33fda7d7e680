import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { allOnBottles } from '#domain/stamps/goods-returns.js';
import { formatRange } from '#domain/stamps/intervals.js';
import { stampCount, stampsWithin } from '#domain/stamps/stamp-ranges.js';
import { stampLedgerDecider } from '#domain/stamps/stamp.decide.js';
import { stampsStream } from '#domain/stamps/stamp.events.js';
import { checkStampRange } from '#domain/stamps/stamp.rules.js';
import { EventAppender } from '#engine';
import { PG_POOL } from '#infra/projections.provider.js';
import { holdingNow } from '../stamp-holdings.js';
import type { StampRangeCheckResponse } from '#domain/contracts/stamp.contract.js';
import { StampRangeCheckQuery } from './stamp-range-check.query.js';

@QueryHandler(StampRangeCheckQuery)
export class StampRangeCheckHandler implements IQueryHandler<StampRangeCheckQuery> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({
    companyId,
    range,
    invoiceId,
    added,
  }: StampRangeCheckQuery): Promise<StampRangeCheckResponse> {
    const [{ state }, held] = await Promise.all([
      this.events.load(stampsStream(companyId), stampLedgerDecider),
      invoiceId ? holdingNow(this.events, this.pool, companyId, invoiceId).then((h) => h.ranges) : undefined,
    ]);
    const onBottles = allOnBottles(state);
    const { roll } = checkStampRange(state, range, { ...(held ? { held } : {}), added, onBottles });
    const returned = stampCount(stampsWithin(onBottles, [{ ...range, prefix: roll.prefix }]));
    return {
      valid: true,
      roll_id: roll.rollId,
      prefix: roll.prefix,
      from: range.from,
      to: range.to,
      count: range.to - range.from + 1,
      range: formatRange(roll.prefix, range.from, range.to),
      returned,
    };
  }
}
