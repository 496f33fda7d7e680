import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { companyError } from '#domain/companies/company.errors.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { findPriceTier, findPriceTiers, findTierBase } from '../price-tier.response.js';
import {
  CountTierCustomersQuery,
  GetPriceTierQuery,
  ListPriceTiersQuery,
  PriceTierSettingsQuery,
  type TierCustomerCount,
} from './price-tiers.query.js';

@QueryHandler(ListPriceTiersQuery)
export class ListPriceTiersHandler implements IQueryHandler<ListPriceTiersQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  execute({ companyId }: ListPriceTiersQuery) {
    return findPriceTiers(this.pool, companyId);
  }
}

@QueryHandler(GetPriceTierQuery)
export class GetPriceTierHandler implements IQueryHandler<GetPriceTierQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ companyId, tierId }: GetPriceTierQuery) {
    const tier = await findPriceTier(this.pool, companyId, tierId);
    if (!tier) throw companyError('PRICE_TIER_NOT_FOUND');
    return tier;
  }
}

@QueryHandler(CountTierCustomersQuery)
export class CountTierCustomersHandler implements IQueryHandler<CountTierCustomersQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ companyId }: CountTierCustomersQuery): Promise<TierCustomerCount[]> {
    const rows = await tenantQuery<{ id: string; name: string; is_base_tier: boolean; count: string }>(
      this.pool,
      companyId,
      `WITH tiers AS (
         SELECT id, name, is_base_tier, position FROM rm_price_tier WHERE company_id = $1 AND removed_at IS NULL
       ), counted AS (
         SELECT coalesce(t.id, (SELECT id FROM tiers WHERE is_base_tier)) AS tier_id, count(*) AS count
         FROM rm_customer c LEFT JOIN tiers t ON t.id = c.product_price_tier_id
         WHERE c.company_id = $1 AND c.removed_at IS NULL
         GROUP BY 1
       )
       SELECT t.id, t.name, t.is_base_tier, coalesce(n.count, 0) AS count
       FROM tiers t LEFT JOIN counted n ON n.tier_id = t.id
       ORDER BY t.is_base_tier DESC, t.position, t.id`,
    );
    return rows.map((row) => ({
      product_price_tier_id: row.id,
      name: row.name,
      is_base_tier: row.is_base_tier,
      count: Number(row.count),
    }));
  }
}

@QueryHandler(PriceTierSettingsQuery)
export class PriceTierSettingsHandler implements IQueryHandler<PriceTierSettingsQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ companyId }: PriceTierSettingsQuery) {
    return { tier_base: await findTierBase(this.pool, companyId) };
  }
}
