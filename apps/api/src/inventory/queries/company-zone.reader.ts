import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';

/** The company's time zone as saved (null when never set), which names its business days. */
@Injectable()
export class InventoryCompanyZoneReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async read(companyId: string): Promise<{ time_zone: string | null } | undefined> {
    const [zone] = await tenantQuery<{ time_zone: string | null }>(
      this.pool,
      companyId,
      'SELECT time_zone FROM rm_company WHERE company_id = $1 AND id = $1',
    );
    return zone;
  }
}
