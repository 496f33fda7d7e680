import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import type { CompanyFeatureRow } from '#projections/companies/company.projection.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { featureCards } from '../feature-cards.js';
import { ListFeaturesQuery } from './list-features.query.js';

@QueryHandler(ListFeaturesQuery)
export class ListFeaturesHandler implements IQueryHandler<ListFeaturesQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ companyId }: ListFeaturesQuery) {
    const [row] = await tenantQuery<{ features: Record<string, CompanyFeatureRow> }>(
      this.pool,
      companyId,
      'SELECT features FROM rm_company WHERE company_id = $1 AND id = $1',
    );
    return featureCards(row?.features ?? {});
  }
}
