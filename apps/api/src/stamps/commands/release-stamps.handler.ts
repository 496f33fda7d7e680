import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { releaseStamps, stampLedgerDecider } from '#domain/stamps/stamp.decide.js';
import { stampsStream } from '#domain/stamps/stamp.events.js';
import { holdingChanges, stampHoldingDecider, stampHoldingStream } from '#domain/stamps/stamp-holding.js';
import { EventAppender, streamDecision } from '#engine';
import { PG_POOL } from '#infra/projections.provider.js';
import { holdingNow } from '../stamp-holdings.js';
import { ReleaseStampsCommand } from './release-stamps.command.js';
import { WAITS_FOR } from '../../read-your-writes.js';

@CommandHandler(ReleaseStampsCommand)
export class ReleaseStampsHandler implements ICommandHandler<ReleaseStampsCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ metadata, invoiceId, reason }: ReleaseStampsCommand) {
    const before = await holdingNow(this.events, this.pool, metadata.companyId, invoiceId);
    const { events } = await this.events.decideMany(
      {
        stamps: streamDecision(stampsStream(metadata.companyId), stampLedgerDecider),
        holding: streamDecision(stampHoldingStream(invoiceId), stampHoldingDecider),
      },
      (states) => {
        const held = states.holding.recorded ? states.holding.ranges : before.ranges;
        const stamps = releaseStamps(
          states.stamps,
          { invoiceId, held, ...(reason ? { reason } : {}) },
          metadata.now,
        );
        return { stamps, holding: holdingChanges(held, invoiceId, stamps, metadata.now) };
      },
      metadata,
      { waitFor: WAITS_FOR.stamps },
    );
    return { released: events.stamps.flatMap((e) => (e.type === 'StampsReleased' ? e.data.ranges : [])) };
  }
}
