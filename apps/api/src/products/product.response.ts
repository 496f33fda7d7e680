import type { StockStatus } from '#domain/contracts/inventory.contract.js';
import {
  PRODUCT_RECENT_INVOICES,
  type ProductDetailResponse,
  type ProductInventoryResponse,
  type ProductInvoiceResponse,
  type ProductResponse,
} from '#domain/contracts/product.contract.js';
import { dollarsOf } from '#domain/shared/money.js';
import {
  listPriceEffectiveOnSql,
  listPriceSql,
  type PriceChangeRow,
} from '#projections/products/product.projection.js';
import type { Queryable } from '#infra/db/database.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { INVENTORY_ROWS } from '../inventory/queries/inventory.grid.js';

/** The columns a product query selects; `$day` is the SQL for the business day prices are read on. */
export const productColumns = (day: string) => `p.id, p.product, p.product_size, p.product_type, p.upc,
  p.internal_sku, p.distributor, p.ydk_product_id, ${listPriceSql(day)} AS list_price_cents,
  p.last_purchase_price_cents, ${listPriceEffectiveOnSql(day)}::text AS effective_date, p.reorder_level,
  p.reorder_qty, p.reorder_time_in_days, p.case_size, p.archived, p.archived_at, p.created_at, p.updated_at`;

export interface ProductQueryRow extends Record<string, unknown> {
  id: string;
  product: string;
  product_size: string;
  product_type: string;
  upc: string | null;
  internal_sku: string | null;
  distributor: string | null;
  ydk_product_id: string | null;
  list_price_cents: string | number;
  last_purchase_price_cents: string | number;
  effective_date: string | null;
  reorder_level: number | null;
  reorder_qty: number | null;
  reorder_time_in_days: number | null;
  case_size: number | null;
  archived: boolean;
  archived_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  units_sold?: string | number | null;
  amount_sold_cents?: string | number | null;
  invoice_count?: number | null;
}

const iso = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? null : new Date(value).toISOString();

/** profit and profit % from what was sold (amount sold − units sold × last purchase price). */
export function profitOf(unitsSold: number, amountSoldCents: number, lastPurchasePriceCents: number) {
  const profitCents = amountSoldCents - unitsSold * lastPurchasePriceCents;
  return {
    profit: dollarsOf(profitCents),
    profit_percentage:
      amountSoldCents > 0 ? Math.round((profitCents * 10_000) / amountSoldCents) / 100 : null,
  };
}

export function toProductResponse(row: ProductQueryRow): ProductResponse {
  const unitsSold = Number(row.units_sold ?? 0);
  const amountSoldCents = Number(row.amount_sold_cents ?? 0);
  const lastPurchaseCents = Number(row.last_purchase_price_cents);
  return {
    id: row.id,
    product: row.product,
    product_size: row.product_size,
    product_type: row.product_type,
    upc: row.upc,
    internal_sku: row.internal_sku,
    distributor: row.distributor,
    ydk_product_id: row.ydk_product_id,
    product_price: dollarsOf(Number(row.list_price_cents)),
    last_purchase_price: dollarsOf(lastPurchaseCents),
    effective_date: row.effective_date,
    reorder_level: row.reorder_level,
    reorder_qty: row.reorder_qty,
    reorder_time_in_days: row.reorder_time_in_days,
    case_size: row.case_size,
    archived: row.archived,
    archived_at: iso(row.archived_at),
    units_sold: unitsSold,
    amount_sold: dollarsOf(amountSoldCents),
    ...profitOf(unitsSold, amountSoldCents, lastPurchaseCents),
    invoice_count: Number(row.invoice_count ?? 0),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

/** A current (not deleted) product of the caller's company, with its price changes, read on `today`. */
export async function findProduct(
  db: Queryable,
  companyId: string,
  id: string,
  today: string,
): Promise<ProductDetailResponse | null> {
  const [row] = await tenantQuery<ProductQueryRow & { price_changes: PriceChangeRow[] }>(
    db,
    companyId,
    `SELECT ${productColumns('$3::date')}, p.price_changes, s.units_sold, s.amount_sold_cents, s.invoice_count
     FROM rm_product p LEFT JOIN rm_product_sales s ON s.product_id = p.id
     WHERE p.company_id = $1 AND p.id = $2 AND p.deleted_at IS NULL`,
    [id, today],
  );
  if (!row) return null;
  const [inventory, invoices] = await Promise.all([
    productInventory(db, companyId, id),
    productInvoices(db, companyId, id),
  ]);
  const customerIds = [
    ...new Set(row.price_changes.map((c) => c.customer_id).filter((c): c is string => !!c)),
  ];
  const names = new Map(
    customerIds.length === 0
      ? []
      : (
          await tenantQuery<{ id: string; name: string }>(
            db,
            companyId,
            'SELECT id, name FROM rm_customer WHERE company_id = $1 AND id = ANY($2::uuid[])',
            [customerIds],
          )
        ).map((c) => [c.id, c.name]),
  );
  const scheduled = row.price_changes
    .map((change, order) => ({ change, order }))
    .filter(({ change }) => change.customer_id === null && change.effective_on > today)
    .sort((a, b) => a.change.effective_on.localeCompare(b.change.effective_on) || b.order - a.order)[0];
  const { price_changes: changes, ...product } = row;
  return {
    ...toProductResponse(product),
    priceChanges: changes
      .map((change) => ({
        old_price: dollarsOf(change.old_price_cents),
        new_price: dollarsOf(change.new_price_cents),
        customer_id: change.customer_id,
        customer_name: change.customer_id === null ? null : (names.get(change.customer_id) ?? null),
        effective_date: change.effective_on,
        created_at: change.created_at,
      }))
      .reverse(),
    next_price_change: scheduled
      ? {
          product_price: dollarsOf(scheduled.change.new_price_cents),
          effective_date: scheduled.change.effective_on,
        }
      : null,
    inventory,
    stock_status: inventory?.status ?? null,
    invoices,
  };
}

/** The product's inventory row as the inventory grid computes it (status, days to reorder), or null. */
async function productInventory(
  db: Queryable,
  companyId: string,
  id: string,
): Promise<ProductInventoryResponse | null> {
  const [row] = await tenantQuery<{
    qty: number;
    distributor: string | null;
    reorder_level: number | null;
    reorder_qty: number | null;
    reorder_time_in_days: number | null;
    reorder_needed: number;
    days_to_reorder: number | null;
    status: StockStatus;
    last_restock_at: Date | null;
    last_restock_qty: number | null;
    updated_at: Date | null;
  }>(
    db,
    companyId,
    `SELECT g.qty::float8 AS qty, g.distributor, g.reorder_level, g.reorder_qty, g.reorder_time_in_days,
            g.reorder_needed, g.days_to_reorder, g.status, g.last_restock_at,
            g.last_restock_qty::float8 AS last_restock_qty, g.updated_at
       FROM ${INVENTORY_ROWS} WHERE g.company_id = $1 AND g.id = $2`,
    [id],
  );
  if (!row) return null;
  return {
    ...row,
    reorder_needed: row.reorder_needed === 1,
    last_restock_at: iso(row.last_restock_at),
    updated_at: iso(row.updated_at),
  };
}

/**
 * The product's newest invoice lines (cancelled invoices too: their status says so), newest invoice date first, at
 * most PRODUCT_RECENT_INVOICES: read backwards along the sale lines' (company, product, day) index, so the cost does
 * not grow with the product's history.
 */
async function productInvoices(
  db: Queryable,
  companyId: string,
  id: string,
): Promise<ProductInvoiceResponse[]> {
  const rows = await tenantQuery<{
    id: string;
    number: string;
    invoiced_on: string;
    status: string;
    customer_id: string;
    customer_name: string;
    units: string;
    amount_cents: string;
    price_cents: string | null;
    on_deal: boolean | null;
  }>(
    db,
    companyId,
    `SELECT i.id, i.number, l.sold_on::text AS invoiced_on, i.status, i.customer_id, i.customer_name, l.units,
            l.amount_cents, line.price_cents, line.on_deal
       FROM rm_product_sale_line l
       JOIN rm_invoice i ON i.id = l.invoice_id AND i.company_id = l.company_id AND i.deleted_at IS NULL
       LEFT JOIN LATERAL (
         SELECT (x ->> 'priceCents')::bigint AS price_cents, (x ->> 'onDeal')::boolean AS on_deal
           FROM jsonb_array_elements(i.content -> 'lines') x WHERE (x ->> 'lineNo')::int = l.line_no LIMIT 1
       ) line ON true
      WHERE l.company_id = $1 AND l.product_id = $2
      ORDER BY l.sold_on DESC, i.sequence DESC, l.line_no
      LIMIT ${PRODUCT_RECENT_INVOICES}`,
    [id],
  );
  return rows.map((row) => {
    const qty = Number(row.units);
    const amountCents = Number(row.amount_cents);
    return {
      id: row.id,
      number: row.number,
      invoiced_at: row.invoiced_on,
      status: row.status,
      customer_id: row.customer_id,
      customer: row.customer_name,
      qty,
      unit_price: dollarsOf(
        row.price_cents !== null ? Number(row.price_cents) : qty ? Math.round(amountCents / qty) : 0,
      ),
      on_deal: row.on_deal ?? false,
      total: dollarsOf(amountCents),
    };
  });
}
