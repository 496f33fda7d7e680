import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { customerError } from '#domain/customers/customer.errors.js';
import { licenceExpiry } from '#domain/customers/tabc-permit.js';
import { businessDate } from '#domain/shared/business-date.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { companyTimeZone } from '../../infra/company-time.js';
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
    const [timeZone, licence] = await Promise.all([
      companyTimeZone(this.pool, companyId),
      this.tabc.licenceOf(customer),
    ]);
    return {
      ...licenceExpiry(licence?.expiration_date ?? null, businessDate(now, timeZone)),
      found: licence !== null,
      license_id: licence?.license_id ?? null,
      license_type: licence?.license_type ?? null,
      primary_status: licence?.primary_status ?? null,
    };
  }
}
