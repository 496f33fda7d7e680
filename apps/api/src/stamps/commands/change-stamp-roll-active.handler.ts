import type { StampRollResponse } from '#domain/contracts/stamp.contract.js';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { stampError } from '#domain/stamps/stamp.errors.js';
import { EventAppender } from '#engine';
import { PG_POOL } from '#infra/projections.provider.js';
import { readRoll } from '../stamp-read.js';
import { ChangeStampRollActiveCommand } from './change-stamp-roll-active.command.js';
import { stampLedgerDecision } from './stamp.decisions.js';

@CommandHandler(ChangeStampRollActiveCommand)
export class ChangeStampRollActiveHandler implements ICommandHandler<ChangeStampRollActiveCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ metadata, rollId, active }: ChangeStampRollActiveCommand): Promise<StampRollResponse> {
    const type = active ? 'ActivateStampRoll' : 'DeactivateStampRoll';
    await this.events.run(stampLedgerDecision({ type, data: { rollId }, metadata }), metadata);
    const roll = await readRoll(this.pool, metadata.companyId, rollId);
    if (!roll) throw stampError('STAMP_ROLL_NOT_FOUND'); // not projected yet: very unlikely after read-your-writes
    return roll;
  }
}
