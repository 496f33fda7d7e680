import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { EventAppender } from '#engine';
import { PG_POOL } from '#infra/projections.provider.js';
import { holdingNow } from '../stamp-holdings.js';
import { ReleaseStampsCommand } from './release-stamps.command.js';
import { releaseStampsDecision } from './stamp.decisions.js';

@CommandHandler(ReleaseStampsCommand)
export class ReleaseStampsHandler implements ICommandHandler<ReleaseStampsCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ metadata, invoiceId, reason }: ReleaseStampsCommand) {
    const before = await holdingNow(this.events, this.pool, metadata.companyId, invoiceId);
    const data = { invoiceId, ...(reason ? { reason } : {}) };
    const { events } = await this.events.run(releaseStampsDecision(data, before.ranges, metadata), metadata);
    return { released: events.stamps.flatMap((e) => (e.type === 'StampsReleased' ? e.data.ranges : [])) };
  }
}
