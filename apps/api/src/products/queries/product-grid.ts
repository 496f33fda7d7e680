import { listPriceSql } from '#projections/products/product.projection.js';
import { defineGrid, dollarsSql as dollars, type GridDefinition } from '#infra/grid/index.js';

/** Today in the company's time zone, for prices "in effect today" (the grid has no parameters but the company). */
const TODAY = `(now() AT TIME ZONE co.time_zone)::date`;

/**
 * Every product of the company with today's list price and what it sold (0 until invoices exist). `archived` is a
 * flag; rows answered sort and filter on these columns only.
 */
const rows = (archivedToo: boolean) => `(
  SELECT p.*, ${listPriceSql(TODAY)} AS list_price_cents,
         coalesce(s.units_sold, 0) AS units_sold, coalesce(s.amount_sold_cents, 0) AS amount_sold_cents,
         coalesce(s.invoice_count, 0) AS invoice_count
  FROM rm_product p
  JOIN rm_company co ON co.id = p.company_id
  LEFT JOIN rm_product_sales s ON s.product_id = p.id
  WHERE p.deleted_at IS NULL${archivedToo ? '' : ' AND NOT p.archived'}
) g`;

const PROFIT_CENTS = 'g.amount_sold_cents - g.units_sold * g.last_purchase_price_cents';

const columns = {
  product: { sql: 'g.product', type: 'text' },
  internal_sku: { sql: 'g.internal_sku', type: 'text' },
  upc: { sql: 'g.upc', type: 'text' },
  product_type: { sql: 'g.product_type', type: 'set' },
  product_size: { sql: 'g.product_size', type: 'text' },
  last_purchase_price: { sql: dollars('g.last_purchase_price_cents'), type: 'number' },
  product_price: { sql: dollars('g.list_price_cents'), type: 'number' },
  units_sold: { sql: 'g.units_sold::float8', type: 'number' },
  amount_sold: { sql: dollars('g.amount_sold_cents'), type: 'number' },
  profit: { sql: dollars(PROFIT_CENTS), type: 'number' },
  profit_percentage: {
    sql: `(CASE WHEN g.amount_sold_cents > 0 THEN round((${PROFIT_CENTS}) * 100.0 / g.amount_sold_cents, 2) END)::float8`,
    type: 'number',
  },
  distributor: { sql: 'g.distributor', type: 'text' },
  archived: { sql: 'g.archived', type: 'set', setType: 'boolean' },
  invoice_count: { sql: 'g.invoice_count', type: 'number', filterable: false },
  created_at: { sql: 'g.created_at', type: 'date' },
  updated_at: { sql: 'g.updated_at', type: 'date' },
  // The grid's search box: one text over the name, UPC, SKU and distributor (filtered with `contains`).
  search: {
    sql: "concat_ws(' ', g.product, g.upc, g.internal_sku, g.distributor)",
    type: 'text',
    sortable: false,
    answered: false,
  },
} as const;

const grid = (archivedToo: boolean): GridDefinition =>
  defineGrid({
    table: rows(archivedToo),
    tenantColumn: 'g.company_id',
    keyColumn: 'g.id',
    columns,
    // The client's specification: products by units sold, descending; ties (whatever the sort) by name.
    defaultSort: [{ colId: 'units_sold', sort: 'desc' }],
    tieBreak: [{ colId: 'product', sort: 'asc' }],
  });

/**
 * The /product grid (as the client's specification asks). Archived products are left out unless the request filters on
 * `archived` (e.g. `{ archived: { filterType: 'set', values: ['true'] } }`, or both values for all).
 */
export const productGrid = { current: grid(false), all: grid(true) };
