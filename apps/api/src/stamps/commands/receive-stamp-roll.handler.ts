import type { ReceiveStampRollResult } from '#domain/contracts/stamp.contract.js';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { businessDate } from '#domain/shared/business-date.js';
import type { StampRollReceived } from '#domain/stamps/stamp.events.js';
import { stampRollSizeWarnings } from '#domain/stamps/stamp.rules.js';
import { EventAppender } from '#engine';
import { PG_POOL } from '#infra/projections.provider.js';
import { stampSettings } from '../stamp-company.settings.js';
import { readRoll } from '../stamp-read.js';
import { ReceiveStampRollCommand } from './receive-stamp-roll.command.js';
import { stampLedgerDecision } from './stamp.decisions.js';

@CommandHandler(ReceiveStampRollCommand)
export class ReceiveStampRollHandler implements ICommandHandler<ReceiveStampRollCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ metadata, roll }: ReceiveStampRollCommand): Promise<ReceiveStampRollResult> {
    const { timeZone } = await stampSettings(this.pool, metadata.companyId);
    // A date picker may send a date-time: its business date is the day it falls on in the company's zone.
    // Anything else goes to the decider as typed, which refuses what is not a real calendar day.
    const instant = roll.receivedAt.length > 10 && !Number.isNaN(Date.parse(roll.receivedAt));
    const receivedOn = instant ? businessDate(roll.receivedAt, timeZone) : roll.receivedAt;
    const data = { prefix: roll.prefix, receivedOn, from: roll.from, to: roll.to, timeZone };
    const decision = stampLedgerDecision({ type: 'ReceiveStampRoll', data, metadata });
    const { events } = await this.events.run(decision, metadata);
    return this.answer(metadata.companyId, (events.stamps[0] as StampRollReceived).data);
  }

  /** The roll as the read model has it (as received when it has not caught up), with the roll's size warnings. */
  private async answer(
    companyId: string,
    received: StampRollReceived['data'],
  ): Promise<ReceiveStampRollResult> {
    const saved = await readRoll(this.pool, companyId, received.rollId);
    const size = received.to - received.from + 1;
    return {
      ...(saved ?? {
        id: received.rollId,
        prefix: received.prefix,
        received_at: received.receivedOn,
        finished_at: null,
        from: received.from,
        to: received.to,
        active: received.active,
        finished: false,
        state: 'active',
        toggle_disabled: false,
        stamps: size,
        stampsCount: size,
        available_count: size,
        invoiced_count: 0,
        destroyed_count: 0,
        first_available: received.from,
        created_at: received.recordedAt,
      }),
      warnings: stampRollSizeWarnings(received.from, received.to),
    };
  }
}
