import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { allocateStamps, stampLedgerDecider } from '#domain/stamps/stamp.decide.js';
import { stampsStream } from '#domain/stamps/stamp.events.js';
import {
  heldAfter,
  holdingChanges,
  stampHoldingDecider,
  stampHoldingStream,
} from '#domain/stamps/stamp-holding.js';
import { EventAppender, streamDecision } from '#engine';
import { PG_POOL } from '#infra/projections.provider.js';
import { holdingNow } from '../stamp-holdings.js';
import { AllocateStampsCommand, type AllocateStampsResult } from './allocate-stamps.command.js';
import { WAITS_FOR } from '../../read-your-writes.js';

@CommandHandler(AllocateStampsCommand)
export class AllocateStampsHandler implements ICommandHandler<AllocateStampsCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ metadata, data }: AllocateStampsCommand): Promise<AllocateStampsResult> {
    const before = await holdingNow(this.events, this.pool, metadata.companyId, data.invoiceId);
    let held = before.ranges;
    const { events } = await this.events.decideMany(
      {
        stamps: streamDecision(stampsStream(metadata.companyId), stampLedgerDecider),
        holding: streamDecision(stampHoldingStream(data.invoiceId), stampHoldingDecider),
      },
      (states) => {
        held = states.holding.recorded ? states.holding.ranges : before.ranges;
        const stamps = allocateStamps(states.stamps, { ...data, held }, metadata.now);
        return { stamps, holding: holdingChanges(held, data.invoiceId, stamps, metadata.now) };
      },
      metadata,
      { waitFor: WAITS_FOR.stamps },
    );
    return {
      invoiceId: data.invoiceId,
      ranges: heldAfter(held, data.invoiceId, events.stamps),
      allocated: events.stamps.flatMap((e) => (e.type === 'StampsAllocated' ? e.data.ranges : [])),
      released: events.stamps.flatMap((e) => (e.type === 'StampsReleased' ? e.data.ranges : [])),
    };
  }
}
