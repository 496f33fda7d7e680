import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import type { DelinquentOverrideListResponse } from '#domain/contracts/credit-law.contract.js';
import type { DelinquentOverride } from '#domain/invoices/delinquent-list-gate.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { overrideAnswer } from '../customer.response.js';
import { DelinquentOverridesQuery } from './delinquent-overrides.query.js';

/** The customers with an override (the partial index of rm_customer), their overrides newest first. */
@QueryHandler(DelinquentOverridesQuery)
export class DelinquentOverridesHandler implements IQueryHandler<DelinquentOverridesQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ companyId }: DelinquentOverridesQuery): Promise<DelinquentOverrideListResponse> {
    const rows = await tenantQuery<{
      id: string;
      name: string;
      removed_at: string | null;
      delinquent_overrides: DelinquentOverride[];
    }>(
      this.pool,
      companyId,
      `SELECT id, name, removed_at, delinquent_overrides FROM rm_customer
       WHERE company_id = $1 AND delinquent_overrides <> '[]'::jsonb`,
    );
    const overrides = rows.flatMap((row) =>
      row.delinquent_overrides.map((override) => ({
        customer_id: row.id,
        customer_name: row.name,
        ...overrideAnswer(override),
      })),
    );
    return { overrides: overrides.sort((a, b) => b.recorded_at.localeCompare(a.recorded_at)) };
  }
}
