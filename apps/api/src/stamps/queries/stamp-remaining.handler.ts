import type { StampRemainingResponse } from '#domain/contracts/stamp.contract.js';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { PG_POOL } from '#infra/projections.provider.js';
import { stampSettings } from '../stamp-company.settings.js';
import { readRolls } from '../stamp-read.js';
import { StampRemainingQuery } from './stamp-remaining.query.js';

@QueryHandler(StampRemainingQuery)
export class StampRemainingHandler implements IQueryHandler<StampRemainingQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ companyId }: StampRemainingQuery): Promise<StampRemainingResponse> {
    const [rolls, { threshold }] = await Promise.all([
      readRolls(this.pool, companyId),
      stampSettings(this.pool, companyId),
    ]);
    const usable = rolls.filter((roll) => roll.active && !roll.finished); // in allocation order already
    const currentRoll = usable[0] ?? null;
    const availableStampCount = usable.reduce((sum, roll) => sum + roll.available_count, 0);
    return {
      availableStampCount,
      firstAvailableStamp: currentRoll?.first_available ?? null,
      totalStampCount: usable.reduce((sum, roll) => sum + roll.stampsCount, 0),
      currentRoll,
      threshold,
      low: availableStampCount < threshold,
      rollCount: rolls.length,
    };
  }
}
