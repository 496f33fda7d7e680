import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { defineGrid, runGrid } from '../../infra/grid/index.js';
import { PG_POOL } from '../../infra/projections.provider.js';
import type { CustomerResponse } from '../customer.response.js';
import { CustomerGridQuery } from './customer-grid.query.js';

/** The /customer grid (spec 000 §2 Customers): current customers, by name unless sorted otherwise. */
export const customerGrid = defineGrid({
  table: '(SELECT * FROM rm_customer WHERE removed_at IS NULL) c',
  tenantColumn: 'c.company_id',
  keyColumn: 'c.id',
  columns: {
    name: { sql: 'c.name', type: 'text' },
    address: { sql: 'c.address', type: 'text' },
    city: { sql: 'c.city', type: 'text' },
    state: { sql: 'c.state', type: 'text' },
    zip: { sql: 'c.zip', type: 'text' },
    tabc_id: { sql: 'c.display_tabc_id', type: 'text' },
    aims_license_type: { sql: 'c.aims_license_type', type: 'set' },
    contact_name: { sql: 'c.contact_name', type: 'text' },
    contact_email: { sql: 'c.contact_email', type: 'text' },
    contact_phone: { sql: 'c.contact_phone', type: 'text' },
    cash_on_delivery: { sql: 'c.cash_on_delivery', type: 'set' },
    fintech_option: { sql: 'c.fintech_option', type: 'set' },
    service_start: { sql: 'c.service_start', type: 'date' },
    created_at: { sql: 'c.created_at', type: 'date' },
    color_index: { sql: 'c.color_index', type: 'number', sortable: false, filterable: false },
  },
  defaultSort: [{ colId: 'name', sort: 'asc' }],
});

@QueryHandler(CustomerGridQuery)
export class CustomerGridHandler implements IQueryHandler<CustomerGridQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  execute({ companyId, params }: CustomerGridQuery) {
    return runGrid<Partial<CustomerResponse>>(this.pool, customerGrid, params, companyId);
  }
}
