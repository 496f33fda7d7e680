import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { escapeLike } from '#infra/grid/grid.sql.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { CUSTOMER_COLUMNS } from '../customer.response.js';
import type { CustomerResponse } from '#domain/contracts/customer.contract.js';
import { ListCustomersQuery } from './list-customers.query.js';

@QueryHandler(ListCustomersQuery)
export class ListCustomersHandler implements IQueryHandler<ListCustomersQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  execute({ companyId, search, limit }: ListCustomersQuery) {
    const pattern = search?.trim() ? `%${escapeLike(search.trim())}%` : null;
    return tenantQuery<CustomerResponse>(
      this.pool,
      companyId,
      `SELECT ${CUSTOMER_COLUMNS} FROM rm_customer c
       WHERE c.company_id = $1 AND c.removed_at IS NULL
         AND ($2::text IS NULL OR c.name ILIKE $2 OR c.address ILIKE $2 OR c.city ILIKE $2 OR c.display_tabc_id ILIKE $2)
       ORDER BY c.name, c.id
       LIMIT $3`,
      [pattern, limit],
    );
  }
}
