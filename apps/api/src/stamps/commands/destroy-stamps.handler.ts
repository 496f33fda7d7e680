import type { DestroyStampsResult } from '#domain/contracts/stamp.contract.js';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { formatRanges } from '#domain/stamps/intervals.js';
import { destroyReasons } from '#domain/stamps/stamp.decide.js';
import { destroyMessages } from '#domain/stamps/stamp.errors.js';
import type { StampsDestroyed } from '#domain/stamps/stamp.events.js';
import { EventAppender } from '#engine';
import { PG_POOL } from '#infra/projections.provider.js';
import { holdersWithin } from '../stamp-holdings.js';
import { DestroyStampsCommand } from './destroy-stamps.command.js';
import { stampLedgerDecision } from './stamp.decisions.js';

@CommandHandler(DestroyStampsCommand)
export class DestroyStampsHandler implements ICommandHandler<DestroyStampsCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ metadata, range }: DestroyStampsCommand): Promise<DestroyStampsResult> {
    // Who holds the invoiced stamps of the range (the ledger keeps no owners): only the messages need it.
    const holders =
      Number.isSafeInteger(range.rollId) && Number.isSafeInteger(range.from) && Number.isSafeInteger(range.to)
        ? await holdersWithin(this.pool, metadata.companyId, range.rollId, range.from, range.to)
        : [];
    const command = { type: 'DestroyStamps' as const, data: { ...range, holders }, metadata };
    const { events } = await this.events.run(stampLedgerDecision(command), metadata);
    const destroyed = (events.stamps[0] as StampsDestroyed).data;
    const ranges = destroyed.ranges.map(({ from, to }) => ({ from, to }));
    const count = ranges.reduce((sum, r) => sum + r.to - r.from + 1, 0);
    return {
      id: destroyed.destroyId,
      roll_id: destroyed.rollId,
      prefix: destroyed.prefix,
      from: destroyed.from,
      to: destroyed.to,
      count,
      ranges,
      messages: [
        destroyMessages.destroyed(count, formatRanges(destroyed.prefix, ranges)),
        ...destroyReasons(destroyed.prefix, destroyed.notDestroyed),
      ],
    };
  }
}
