import type { ShopProductResponse } from '#domain/contracts/order.contract.js';
import type { ProductType } from '#domain/products/product.rules.js';
import { dollarsOf } from '#domain/shared/money.js';
import type { Queryable } from '#infra/db/database.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { wordsPattern } from '#infra/grid/grid.sql.js';
import { listPriceSql } from '#projections/products/product.projection.js';
import { pricingFor } from '../../products/queries/customer-pricing.js';

export interface CatalogueProduct {
  id: string;
  product: string;
  product_size: string;
  product_type: ProductType;
  upc: string | null;
  priceCents: number;
}

/**
 * The distributor's catalogue at one customer's prices today (as the client's specification asks): the same pricing code as
 * the invoice builder's price lookups (`pricingFor`: the customer's own price change wins, else its tier, else
 * the list price). Archived and removed products are not offered. `ids` limits it to those products.
 */
export async function customerCatalogue(
  db: Queryable,
  companyId: string,
  customerId: string,
  now: string,
  { ids, search, limit = 500 }: { ids?: string[]; search?: string; limit?: number } = {},
): Promise<CatalogueProduct[]> {
  const pricing = await pricingFor(db, companyId, customerId, null, now);
  const pattern = wordsPattern(search?.toUpperCase());
  const rows = await tenantQuery<{
    id: string;
    product: string;
    product_size: string;
    product_type: ProductType;
    upc: string | null;
    list_price_cents: string;
    last_purchase_price_cents: string;
    customer_price_cents: string | null;
  }>(
    db,
    companyId,
    `SELECT p.id, p.product, p.product_size, p.product_type, p.upc, ${listPriceSql('$2::date')} AS list_price_cents,
            p.last_purchase_price_cents, rm_product_price_at(p.price_changes, $3::uuid, $2::date) AS customer_price_cents
     FROM rm_product p
     WHERE p.company_id = $1 AND p.deleted_at IS NULL AND NOT p.archived
       AND ($4::uuid[] IS NULL OR p.id = ANY($4::uuid[]))
       AND ($5::text IS NULL OR p.search LIKE $5)
     ORDER BY p.product, p.product_size, p.id
     LIMIT $6`,
    [pricing.day, pricing.customerId, ids ?? null, pattern, limit],
  );
  return rows.map((row) => ({
    id: row.id,
    product: row.product,
    product_size: row.product_size,
    product_type: row.product_type,
    upc: row.upc,
    priceCents: pricing.price(row).price_cents,
  }));
}

export const shopProduct = (product: CatalogueProduct): ShopProductResponse => ({
  id: product.id,
  product: product.product,
  product_size: product.product_size,
  product_type: product.product_type,
  upc: product.upc,
  price: dollarsOf(product.priceCents),
});
