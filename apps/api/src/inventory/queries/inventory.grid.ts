import { VELOCITY_DAYS } from '#domain/inventory/inventory.rules.js';
import { listPriceSql } from '#projections/products/product.projection.js';
import { defineGrid, dollarsSql as dollars } from '#infra/grid/index.js';
import { companyZoneSql } from '../../infra/company-time.js';

const ZONE = companyZoneSql('co');
const TODAY = `(now() AT TIME ZONE ${ZONE})::date`;

/**
 * Days to reorder and reorder needed, as domain/inventory/inventory.rules.ts says: the stock lasts
 * floor(max(qty, 0) × VELOCITY_DAYS / units sold in the last VELOCITY_DAYS days) days (whole numbers: integer
 * division is exact, a decimal one loses a day now and then); less
 * the lead time (reorder_time_in_days), never below 0; null when nothing sold recently. A reorder is needed at or
 * under the reorder level, at 0 or less in stock, or when the days to reorder reached 0.
 */
const DAYS = `(CASE WHEN v.units > 0 THEN GREATEST(0,
  GREATEST(i.qty, 0) * ${VELOCITY_DAYS} / v.units - COALESCE(i.reorder_time_in_days, 0)) END)::int`;
const NEEDED = `(i.qty <= 0 OR (i.reorder_level IS NOT NULL AND i.qty <= i.reorder_level) OR ${DAYS} = 0)`;

/**
 * The restock suggestion (suggestedRestock in inventory.rules.ts): enough to be above 0, above the reorder level and
 * to last beyond the lead time at the recent velocity, in whole lots of the reorder quantity; 0 when not needed.
 */
const LOT = `(CASE WHEN i.reorder_qty > 0 THEN i.reorder_qty ELSE 1 END)`;
const MISSING = `(GREATEST(1, COALESCE(i.reorder_level, 0) + 1,
  CASE WHEN v.units > 0 THEN ((COALESCE(i.reorder_time_in_days, 0) + 1) * v.units + ${VELOCITY_DAYS - 1}) / ${VELOCITY_DAYS}
       ELSE 0 END) - i.qty)`;
const SUGGESTED = `(CASE WHEN ${MISSING} > 0 THEN (${MISSING} + ${LOT} - 1) / ${LOT} * ${LOT} ELSE 0 END)::int`;

/**
 * Units sold recently, per product. Per row: a look-up of the product's lines for each row read (a page of 25 reads
 * 25). Grouped: the company's lines of the period summed once (an index-only range scan of the sales-by-day index;
 * the company's filter reaches inside through the join), for what must judge every row: the reorder filter, the
 * velocity sorts, the export.
 */
const VELOCITY = {
  perRow: `LEFT JOIN LATERAL (
      SELECT sum(l.units)::bigint AS units FROM rm_product_sale_line l
       WHERE l.company_id = i.company_id AND l.product_id = i.id AND l.counted
         AND l.sold_on > ${TODAY} - ${VELOCITY_DAYS}
    ) v ON true`,
  grouped: `LEFT JOIN (
      SELECT l.company_id, l.product_id, sum(l.units)::bigint AS units
        FROM rm_product_sale_line l JOIN rm_company lc ON lc.id = l.company_id
       WHERE l.counted
         AND l.sold_on > (now() AT TIME ZONE ${companyZoneSql('lc')})::date - ${VELOCITY_DAYS}
       GROUP BY l.company_id, l.product_id
    ) v ON v.company_id = i.company_id AND v.product_id = i.id`,
} as const;

/**
 * Every current product's inventory row with its product, today's list price and its recent sales. Only rm_inventory
 * decides which rows there are (`current`: the product is neither archived nor deleted), and every join is a LEFT JOIN
 * on a unique key: a query that reads none of their columns, such as the grid's count without a filter on them, lets
 * Postgres drop the joins and the sales sum (measured by the inventory bench: 50,000 products).
 */
const inventoryRows = (velocity: keyof typeof VELOCITY) => `(
  SELECT i.id, i.company_id, i.qty, i.distributor, i.reorder_level, i.reorder_qty, i.reorder_time_in_days,
         i.updated_at, i.last_restock_at, i.last_restock_qty,
         p.upc, p.product, p.product_size, p.product_type, p.internal_sku, p.last_purchase_price_cents,
         ${listPriceSql(TODAY)} AS price_cents,
         COALESCE(v.units, 0) AS sold_recently,
         ${DAYS} AS days_to_reorder,
         (CASE WHEN ${NEEDED} THEN 1 ELSE 0 END) AS reorder_needed,
         (CASE WHEN i.qty < 0 THEN 'NEGATIVE' WHEN i.qty = 0 THEN 'ZERO' WHEN ${NEEDED} THEN 'LOW' ELSE 'OK' END)
           AS status,
         ${SUGGESTED} AS suggested_qty
    FROM rm_inventory i
    LEFT JOIN rm_product p ON p.id = i.id AND p.company_id = i.company_id
    LEFT JOIN rm_company co ON co.id = i.company_id
    ${VELOCITY[velocity]}
   WHERE i.current
) g`;

export const INVENTORY_ROWS = inventoryRows('perRow');

const inventoryColumns = {
  product_id: { sql: 'g.id', type: 'text', filterable: false, sortable: false },
  distributor: { sql: 'g.distributor', type: 'text' },
  reorder_needed: { sql: 'g.reorder_needed', type: 'number' },
  upc: { sql: 'g.upc', type: 'text' },
  product: { sql: 'g.product', type: 'text' },
  product_size: { sql: 'g.product_size', type: 'text' },
  product_type: { sql: 'g.product_type', type: 'set' },
  internal_sku: { sql: 'g.internal_sku', type: 'text' },
  product_price: { sql: dollars('g.price_cents'), type: 'number' },
  last_purchase_price: { sql: dollars('g.last_purchase_price_cents'), type: 'number' },
  qty: { sql: 'g.qty::float8', type: 'number' },
  reorder_level: { sql: 'g.reorder_level', type: 'number' },
  days_to_reorder: { sql: 'g.days_to_reorder', type: 'number' },
  reorder_time_in_days: { sql: 'g.reorder_time_in_days', type: 'number' },
  reorder_qty: { sql: 'g.reorder_qty', type: 'number' },
  suggested_qty: { sql: 'g.suggested_qty', type: 'number' },
  inventory_value: { sql: dollars('g.qty * g.last_purchase_price_cents'), type: 'number' },
  status: { sql: 'g.status', type: 'set' },
  sold_recently: { sql: 'g.sold_recently::float8', type: 'number' },
  last_restock_at: { sql: 'g.last_restock_at', type: 'date' },
  last_restock_qty: { sql: 'g.last_restock_qty::float8', type: 'number' },
  updated_at: { sql: 'g.updated_at', type: 'date' },
} as const;

/** Columns that need every row's recent sales to filter or sort by. */
export const VELOCITY_COLUMNS: ReadonlySet<string> = new Set([
  'reorder_needed',
  'days_to_reorder',
  'sold_recently',
  'status',
  'suggested_qty',
]);

/** The client's specification's Inventory columns; `reorder_needed` is 1 or 0 (the restock page filters it equal to 1). */
export const inventoryGrid = defineGrid({
  table: INVENTORY_ROWS,
  tenantColumn: 'g.company_id',
  keyColumn: 'g.id',
  columns: inventoryColumns,
  // The client's specification: inventory by updated_at, newest first.
  defaultSort: [{ colId: 'updated_at', sort: 'desc' }],
});

/** The same grid, its recent sales summed once for the whole company: for filters and sorts on them, and exports. */
export const inventoryVelocityGrid = defineGrid({
  table: inventoryRows('grouped'),
  tenantColumn: 'g.company_id',
  keyColumn: 'g.id',
  columns: inventoryColumns,
  defaultSort: [{ colId: 'updated_at', sort: 'desc' }],
});

/** The grid that answers a request fastest: the grouped sales when its filter or sort reads them. */
export function inventoryGridFor(params: { filterModel?: string; sortModel?: string }) {
  const named = (json: string | undefined): string[] => {
    if (!json) return [];
    try {
      const value = JSON.parse(json) as unknown;
      if (Array.isArray(value)) return value.map((item) => String((item as { colId?: unknown })?.colId));
      return value && typeof value === 'object' ? Object.keys(value) : [];
    } catch {
      return [];
    }
  };
  return [...named(params.filterModel), ...named(params.sortModel)].some((colId) =>
    VELOCITY_COLUMNS.has(colId),
  )
    ? inventoryVelocityGrid
    : inventoryGrid;
}

/** The inventory CSV's columns (header, colId), as the grid shows them. */
export const INVENTORY_CSV: [string, string][] = [
  ['Distributor', 'distributor'],
  ['To Reorder', 'reorder_needed'],
  ['UPC', 'upc'],
  ['Product', 'product'],
  ['Size', 'product_size'],
  ['Unit Price', 'product_price'],
  ['In Stock', 'qty'],
  ['Min Reorder', 'reorder_level'],
  ['Days To Reorder', 'days_to_reorder'],
  ['Reorder Time In Days', 'reorder_time_in_days'],
  ['Qty To Reorder', 'reorder_qty'],
  ['Inventory Value', 'inventory_value'],
  ['Status', 'status'],
  ['Last Updated', 'updated_at'],
];

/** The client's specification: one row per movement, with its product and the company's day. */
export const inventoryHistoryGrid = defineGrid({
  table: `(
    SELECT h.*, p.upc, p.product, p.product_size, COALESCE(h.distributor, i.distributor) AS distributor_shown,
           ${ZONE} AS time_zone
      FROM rm_inventory_history h
      JOIN rm_company co ON co.id = h.company_id
      LEFT JOIN rm_product p ON p.id = h.product_id AND p.company_id = h.company_id
      LEFT JOIN rm_inventory i ON i.id = h.product_id AND i.company_id = h.company_id
  ) g`,
  tenantColumn: 'g.company_id',
  keyColumn: 'g.id',
  columns: {
    product_id: { sql: 'g.product_id', type: 'set', setType: 'uuid', sortable: false },
    distributor: { sql: 'g.distributor_shown', type: 'text' },
    upc: { sql: 'g.upc', type: 'text' },
    product: { sql: 'g.product', type: 'text' },
    product_size: { sql: 'g.product_size', type: 'text' },
    price: { sql: dollars('g.unit_price_cents'), type: 'number' },
    // the client's specification names the price and the reference unit_price and ref_number (price and ref stay)
    unit_price: { sql: dollars('g.unit_price_cents'), type: 'number' },
    qty: { sql: 'g.qty::float8', type: 'number' },
    source: { sql: 'g.source', type: 'set' },
    ref: { sql: 'g.ref', type: 'text' },
    ref_number: { sql: 'g.ref', type: 'text' },
    // an invoice movement whose invoice line of the product is on deal
    on_deal: { sql: 'g.on_deal', type: 'set', setType: 'boolean' },
    invoice_id: { sql: 'g.invoice_id', type: 'text', filterable: false, sortable: false },
    invoice: { sql: 'g.invoice_number', type: 'text' },
    created_at: { sql: 'g.created_at', type: 'date', filterSql: '(g.created_at AT TIME ZONE g.time_zone)' },
  },
  // The client's specification: inventory history by created_at, newest first (then the later event first).
  defaultSort: [{ colId: 'created_at', sort: 'desc' }],
});

export const INVENTORY_HISTORY_CSV: [string, string][] = [
  ['Distributor', 'distributor'],
  ['UPC', 'upc'],
  ['Product', 'product'],
  ['Size', 'product_size'],
  ['Price', 'price'],
  ['Qty', 'qty'],
  ['Source', 'source'],
  ['Reference', 'ref'],
  ['Invoice', 'invoice'],
  ['Date', 'created_at'],
];
