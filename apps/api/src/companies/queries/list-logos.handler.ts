import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { PG_POOL } from '#infra/projections.provider.js';
import { findLogos } from '../company.response.js';
import { ListLogosQuery } from './list-logos.query.js';

@QueryHandler(ListLogosQuery)
export class ListLogosHandler implements IQueryHandler<ListLogosQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  execute({ companyId }: ListLogosQuery) {
    return findLogos(this.pool, companyId);
  }
}
