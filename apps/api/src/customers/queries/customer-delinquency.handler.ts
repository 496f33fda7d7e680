import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { customerError } from '#domain/customers/customer.errors.js';
import {
  listingInEffect,
  overrideFor,
  type DelinquentOverride,
} from '#domain/invoices/delinquent-list-gate.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { companyTimeZone } from '../../infra/company-time.js';
import { TabcLookupService } from '../../tabc/tabc-lookup.service.js';
import { findCustomer, overrideAnswer } from '../customer.response.js';
import { CustomerDelinquencyQuery, type DelinquencyResponse } from './customer-delinquency.query.js';

@QueryHandler(CustomerDelinquencyQuery)
export class CustomerDelinquencyHandler implements IQueryHandler<CustomerDelinquencyQuery> {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(TabcLookupService) private readonly tabc: TabcLookupService,
  ) {}

  async execute({ companyId, customerId, now }: CustomerDelinquencyQuery): Promise<DelinquencyResponse> {
    const customer = await findCustomer(this.pool, companyId, customerId);
    if (!customer) throw customerError('CUSTOMER_NOT_FOUND');
    const [entry, timeZone, [row]] = await Promise.all([
      this.tabc.delinquencyOf(customer),
      companyTimeZone(this.pool, companyId),
      tenantQuery<{ delinquent_overrides: DelinquentOverride[] | null }>(
        this.pool,
        companyId,
        'SELECT delinquent_overrides FROM rm_customer WHERE company_id = $1 AND id = $2',
        [customerId],
      ),
    ]);
    const overrides = row?.delinquent_overrides ?? [];
    const listing = entry
      ? { permit: entry.permit, effectiveOn: entry.effective_date, listNumber: entry.list_number }
      : null;
    const override = listing ? overrideFor(listing, overrides) : null;
    const inEffect = listing !== null && listingInEffect(listing.effectiveOn, now, timeZone);
    return {
      delinquent: entry !== null,
      effective_date: entry?.effective_date ?? null,
      list_number: entry?.list_number ?? null,
      permit: entry?.permit ?? null,
      in_effect: inEffect,
      refused: inEffect && override === null && !customer.cash_on_delivery,
      override: override ? overrideAnswer(override) : null,
      overrides: overrides.map(overrideAnswer).reverse(),
    };
  }
}
