import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { defineGrid, runGrid } from '#infra/grid/index.js';
import { PG_POOL } from '#infra/projections.provider.js';
import type { CustomerGridRow } from '#domain/contracts/customer.contract.js';
import { CustomerGridQuery } from './customer-grid.query.js';

const TABLE = '(SELECT * FROM rm_customer WHERE removed_at IS NULL) c';

const COLUMNS = {
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
  cash_on_delivery: { sql: 'c.cash_on_delivery', type: 'set', setType: 'boolean' },
  fintech_option: { sql: 'c.fintech_option', type: 'set', setType: 'boolean' },
  service_start: { sql: 'c.service_start', type: 'date' },
  created_at: { sql: 'c.created_at', type: 'date' },
  color_index: { sql: 'c.color_index', type: 'number', sortable: false, filterable: false },
} as const;

/** The /customer grid (spec 000 §2 Customers): current customers, by name unless sorted otherwise. */
export const customerGrid = defineGrid({
  table: TABLE,
  tenantColumn: 'c.company_id',
  keyColumn: 'c.id',
  columns: COLUMNS,
  defaultSort: [{ colId: 'name', sort: 'asc' }],
});

/**
 * The same grid for a request with a text filter, planned to read the matching rows through the trigram indexes
 * (Migration20261122000700) and sort them:
 * - it sorts by name through an expression the (company_id, name) index cannot answer, instead of walking that
 *   index until a page is found — the whole company when a search matches a few customers (bench: 40 ms for 31 of
 *   20,000);
 * - its rows name a column that index lacks (revision, always ≥ 0), so the count cannot be an index-only scan of it
 *   that tests the filter on every customer of the company (bench: 9 ms idle, 100 ms under load, for 'sal').
 */
export const customerGridSearched = defineGrid({
  table: '(SELECT * FROM rm_customer WHERE removed_at IS NULL AND revision >= 0) c',
  tenantColumn: 'c.company_id',
  keyColumn: 'c.id',
  columns: { ...COLUMNS, name: { ...COLUMNS.name, sortSql: "(c.name || '')" } },
  defaultSort: [{ colId: 'name', sort: 'asc' }],
});

const TEXT_COLUMNS = new Set(Object.entries(COLUMNS).flatMap(([id, c]) => (c.type === 'text' ? [id] : [])));

/** The grid definition a request runs on. */
export const customerGridFor = (params: { filterModel?: unknown }) =>
  searchesText(params.filterModel) ? customerGridSearched : customerGrid;

/** Does the request filter a text column? */
function searchesText(filterModel: unknown): boolean {
  if (typeof filterModel === 'string') {
    try {
      return searchesText(JSON.parse(filterModel));
    } catch {
      return false; // runGrid reports the malformed model
    }
  }
  return (
    typeof filterModel === 'object' &&
    filterModel !== null &&
    Object.keys(filterModel).some((colId) => TEXT_COLUMNS.has(colId))
  );
}

@QueryHandler(CustomerGridQuery)
export class CustomerGridHandler implements IQueryHandler<CustomerGridQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  execute({ companyId, params }: CustomerGridQuery) {
    return runGrid<CustomerGridRow>(this.pool, customerGridFor(params), params, companyId);
  }
}
