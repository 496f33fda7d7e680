import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { companyError } from '#domain/companies/company.errors.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { findCompany } from '../company.response.js';
import { GetCompanyQuery } from './get-company.query.js';

@QueryHandler(GetCompanyQuery)
export class GetCompanyHandler implements IQueryHandler<GetCompanyQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ companyId, id }: GetCompanyQuery) {
    const company = await findCompany(this.pool, companyId, id);
    if (!company) throw companyError('COMPANY_NOT_FOUND');
    return company;
  }
}
