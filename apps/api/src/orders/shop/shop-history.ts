import type { InvoiceResponse } from '#domain/contracts/invoice.contract.js';
import type { OrderResponse } from '#domain/contracts/order.contract.js';
import {
  USUAL_LIMIT,
  type ShopInvoiceDetailResponse,
  type ShopReorderLine,
} from '#domain/contracts/shop.contract.js';
import { INVOICE_STATUS_LABELS } from '#domain/shared/invoice-status.js';
import { dollarsOf } from '#domain/shared/money.js';
import type { Queryable } from '#infra/db/database.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import type { CatalogueProduct } from './shop-catalogue.js';

type Named = { id: string; product: string; product_size: string; product_type: string };

/**
 * What Order again puts into the cart: each product of the past lines once, in the order it first appears, with the
 * quantities of its lines summed (a rejected order line is left out), at this customer's price today; a product no
 * longer offered has no price (the app names it and leaves it out).
 */
export function reorderLines(
  lines: readonly { product: Named; qty: number; rejected?: boolean }[],
  offered: ReadonlyMap<string, CatalogueProduct>,
): ShopReorderLine[] {
  const byProduct = new Map<string, ShopReorderLine>();
  for (const line of lines) {
    if (line.rejected || line.qty <= 0) continue;
    const known = byProduct.get(line.product.id);
    if (known) {
      known.qty += line.qty;
      continue;
    }
    const today = offered.get(line.product.id);
    byProduct.set(line.product.id, {
      product_id: line.product.id,
      product: today?.product ?? line.product.product,
      product_size: today?.product_size ?? line.product.product_size,
      product_type: today?.product_type ?? line.product.product_type,
      qty: line.qty,
      price: today ? dollarsOf(today.priceCents) : null,
    });
  }
  return [...byProduct.values()];
}

/** The lines of an order as Order again reads them. */
export const orderLines = (order: OrderResponse) =>
  order.orderItems.map((item) => ({ product: item.product, qty: item.qty, rejected: item.is_rejected }));

/** The lines of an invoice as Order again reads them. */
export const invoiceLines = (invoice: InvoiceResponse) =>
  invoice.items.map((item) => ({ product: item.product, qty: item.qty }));

/**
 * An invoice as its customer sees it: its lines, totals, due date and status (the ones every screen shows), what is
 * left to pay; none of the distributor's own figures (cost, stamps, private notes).
 */
export function shopInvoiceDetail(
  invoice: InvoiceResponse,
  reorder: ShopReorderLine[],
): ShopInvoiceDetailResponse {
  return {
    id: invoice.id,
    number: invoice.number,
    status: invoice.status,
    status_label: INVOICE_STATUS_LABELS[invoice.status],
    invoiced_at: invoice.invoiced_at,
    due_at: invoice.due_at,
    due_on_delivery: invoice.due_on_delivery,
    note: invoice.note,
    tax_rate: invoice.tax_rate,
    sub_total: invoice.sub_total,
    tax_total: invoice.tax_total,
    total: invoice.total,
    paid: invoice.paid,
    remaining: invoice.remaining,
    items: invoice.items.map((item) => ({
      line: item.position,
      product_id: item.product_id,
      product: {
        id: item.product.id,
        product: item.product.product,
        product_size: item.product.product_size,
        product_type: item.product.product_type,
      },
      qty: item.qty,
      price: item.price,
      taxable: item.taxable,
      total: item.total,
      tax: item.tax,
      previous_qty: item.previousQty ?? null,
      previous_price: item.previousPrice ?? null,
      qty_change_note: item.qtyChangeNote ?? '',
      price_change_note: item.priceChangeNote ?? '',
    })),
    reorder,
  };
}

/**
 * The products a customer ($2) of a company ($1) was invoiced most (in units) since a day ($3), at most USUAL_LIMIT,
 * still offered. The period's lines first (materialized: one range of USUAL_INDEX, in the invoice-sales schema), so its cost does not grow with the customer's older history; then summed per product.
 * A cancelled or deleted invoice does not count.
 */
export const USUAL_SQL = `WITH period AS MATERIALIZED (
     SELECT l.product_id, l.units, l.sold_on FROM rm_product_sale_line l
      WHERE l.company_id = $1 AND l.customer_id = $2::uuid AND l.sold_on >= $3::date AND l.counted)
 SELECT period.product_id
   FROM period
   JOIN rm_product p ON p.id = period.product_id AND p.company_id = $1 AND p.deleted_at IS NULL AND NOT p.archived
  GROUP BY period.product_id
  ORDER BY sum(period.units) DESC, max(period.sold_on) DESC, period.product_id
  LIMIT ${USUAL_LIMIT}`;

/** "Your usual": one statement (USUAL_SQL). */
export async function usualProductIds(
  db: Queryable,
  companyId: string,
  customerId: string,
  since: string,
): Promise<string[]> {
  const rows = await tenantQuery<{ product_id: string }>(db, companyId, USUAL_SQL, [customerId, since]);
  return rows.map((row) => row.product_id);
}
