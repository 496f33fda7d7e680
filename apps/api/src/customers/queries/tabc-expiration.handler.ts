import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { customerError } from '#domain/customers/customer.errors.js';
import { licenceExpiry } from '#domain/customers/tabc-permit.js';
import { businessDate, DEFAULT_TIME_ZONE } from '#domain/shared/business-date.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { TabcLookupService } from '../../tabc/tabc-lookup.service.js';
import { findCustomer } from '../customer.response.js';
import { TabcExpirationQuery, type TabcExpirationResponse } from './tabc-expiration.query.js';

@QueryHandler(TabcExpirationQuery)
export class TabcExpirationHandler implements IQueryHandler<TabcExpirationQuery> {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(TabcLookupService) private readonly tabc: TabcLookupService,
  ) {}

  async execute({ companyId, customerId, now }: TabcExpirationQuery): Promise<TabcExpirationResponse> {
    const customer = await findCustomer(this.pool, companyId, customerId);
    if (!customer) throw customerError('CUSTOMER_NOT_FOUND');
    const [company] = await tenantQuery<{ time_zone: string }>(
      this.pool,
      companyId,
      'SELECT time_zone FROM rm_company WHERE company_id = $1 AND id = $1',
    );
    const licence = await this.tabc.licenceOf(customer);
    return {
      ...licenceExpiry(
        licence?.expiration_date ?? null,
        businessDate(now, company?.time_zone ?? DEFAULT_TIME_ZONE),
      ),
      found: licence !== null,
      license_id: licence?.license_id ?? null,
      license_type: licence?.license_type ?? null,
      primary_status: licence?.primary_status ?? null,
    };
  }
}
