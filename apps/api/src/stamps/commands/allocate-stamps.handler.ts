import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { heldAfter } from '#domain/stamps/stamp-holding.js';
import { EventAppender } from '#engine';
import { PG_POOL } from '#infra/projections.provider.js';
import { holdingNow } from '../stamp-holdings.js';
import { AllocateStampsCommand, type AllocateStampsResult } from './allocate-stamps.command.js';
import { allocateStampsDecision } from './stamp.decisions.js';

@CommandHandler(AllocateStampsCommand)
export class AllocateStampsHandler implements ICommandHandler<AllocateStampsCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ metadata, data }: AllocateStampsCommand): Promise<AllocateStampsResult> {
    const before = await holdingNow(this.events, this.pool, metadata.companyId, data.invoiceId);
    const { events } = await this.events.run(allocateStampsDecision(data, before.ranges, metadata), metadata);
    return {
      invoiceId: data.invoiceId,
      // what the invoice holds after: its holding as recorded now, or (untouched) as it was read
      ranges: events.holding.at(-1)?.data.ranges ?? heldAfter(before.ranges, data.invoiceId, []),
      allocated: events.stamps.flatMap((e) => (e.type === 'StampsAllocated' ? e.data.ranges : [])),
      released: events.stamps.flatMap((e) => (e.type === 'StampsReleased' ? e.data.ranges : [])),
    };
  }
}
