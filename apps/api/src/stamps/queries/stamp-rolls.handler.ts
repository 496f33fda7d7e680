import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { PG_POOL } from '#infra/projections.provider.js';
import { readRolls } from '../stamp-read.js';
import { StampRollsQuery } from './stamp-rolls.query.js';

@QueryHandler(StampRollsQuery)
export class StampRollsHandler implements IQueryHandler<StampRollsQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  execute({ companyId }: StampRollsQuery) {
    return readRolls(this.pool, companyId);
  }
}
