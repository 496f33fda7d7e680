import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { customerError } from '#domain/customers/customer.errors.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { TabcLookupService } from '../../tabc/tabc-lookup.service.js';
import { findCustomer } from '../customer.response.js';
import { CustomerDelinquencyQuery, type DelinquencyResponse } from './customer-delinquency.query.js';

@QueryHandler(CustomerDelinquencyQuery)
export class CustomerDelinquencyHandler implements IQueryHandler<CustomerDelinquencyQuery> {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(TabcLookupService) private readonly tabc: TabcLookupService,
  ) {}

  async execute({ companyId, customerId }: CustomerDelinquencyQuery): Promise<DelinquencyResponse> {
    const customer = await findCustomer(this.pool, companyId, customerId);
    if (!customer) throw customerError('CUSTOMER_NOT_FOUND');
    const entry = await this.tabc.delinquencyOf(customer);
    return {
      delinquent: entry !== null,
      effective_date: entry?.effective_date ?? null,
      list_number: entry?.list_number ?? null,
      permit: entry?.permit ?? null,
    };
  }
}
