import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { customerError } from '#domain/customers/customer.errors.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { findCustomer, withoutKey } from '../customer.response.js';
import { GetCustomerQuery } from './get-customer.query.js';

@QueryHandler(GetCustomerQuery)
export class GetCustomerHandler implements IQueryHandler<GetCustomerQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ companyId, customerId }: GetCustomerQuery) {
    const customer = await findCustomer(this.pool, companyId, customerId);
    if (!customer) throw customerError('CUSTOMER_NOT_FOUND');
    return withoutKey(customer);
  }
}
