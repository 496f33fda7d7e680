import type { Queryable } from '#infra/db/database.js';
import { tenantQuery } from '#infra/db/tenant-query.js';

/**
 * The index of the last-invoiced-price look-up: its key is the look-up's whole order, so the latest
 * counted line of one customer and product is the first entry of its range, however many lines came before.
 * Migration20261125002210_last_price_index creates it (and drops the older index that stopped at created_at).
 */
export const LAST_PRICE_INDEX = `
CREATE INDEX IF NOT EXISTS rm_product_sale_line_last_price_v2_idx
  ON rm_product_sale_line (company_id, customer_id, product_id, sold_on DESC, created_at DESC, invoice_id DESC,
    line_no DESC) INCLUDE (price_cents) WHERE counted;
DROP INDEX IF EXISTS rm_product_sale_line_last_price_idx;
`;

/**
 * What this customer paid for each of these products on its latest invoice naming it (latest invoice date, then
 * latest created), from the counted sale lines (`rm_product_sale_line`, filled by invoiceSalesProjection): a
 * cancelled or deleted invoice does not set a price. Products never invoiced to the customer are absent.
 *
 * One index probe per product (LATERAL … LIMIT 1 on LAST_PRICE_INDEX): the time does not grow with the
 * customer's history. (A DISTINCT ON over all the customer's lines of the products read and sorted every one
 * of them: 3,000 invoices of one customer made each creation ~20 ms slower.)
 */
export async function lastInvoicedPrices(
  db: Queryable,
  companyId: string,
  customerId: string,
  productIds: string[],
): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await tenantQuery<{ product_id: string; price_cents: string }>(
    db,
    companyId,
    `SELECT p.product_id, l.price_cents
       FROM unnest($3::uuid[]) AS p (product_id)
       CROSS JOIN LATERAL (${lastPriceOf('$2', 'p.product_id')}) l`,
    [customerId, [...new Set(productIds)]],
  );
  return new Map(rows.map((row) => [row.product_id, Number(row.price_cents)]));
}

/**
 * The look-up of one product's last price for a customer (company $1), for a LATERAL join: `customer` and
 * `product` are SQL expressions (a parameter, a column). One probe of LAST_PRICE_INDEX.
 */
export const lastPriceOf = (customer: string, product: string) =>
  `SELECT price_cents FROM rm_product_sale_line
    WHERE company_id = $1 AND customer_id = ${customer}::uuid AND product_id = ${product} AND counted
    ORDER BY sold_on DESC, created_at DESC, invoice_id DESC, line_no DESC
    LIMIT 1`;
