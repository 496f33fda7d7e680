import type { Queryable } from '../../apps/api/src/infra/db/database.js';
import { tenantQuery } from '../../apps/api/src/infra/db/tenant-query.js';

/**
 * What this customer paid for each of these products on its latest invoice naming it (latest invoice date, then
 * latest created), from the counted sale lines (`rm_product_sale_line`, filled by invoiceSalesProjection): a
 * cancelled or deleted invoice does not set a price. Products never invoiced to the customer are absent.
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
    `SELECT DISTINCT ON (product_id) product_id, price_cents
       FROM rm_product_sale_line
      WHERE company_id = $1 AND customer_id = $2::uuid AND product_id = ANY($3::uuid[]) AND counted
      ORDER BY product_id, sold_on DESC, created_at DESC, invoice_id DESC, line_no DESC`,
    [customerId, [...new Set(productIds)]],
  );
  return new Map(rows.map((row) => [row.product_id, Number(row.price_cents)]));
}
