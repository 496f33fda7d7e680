import { Migration } from '@mikro-orm/migrations';
import { PRICE_TIER_SCHEMA } from '#projections/products/price-tier.projection.js';
import { PRODUCT_SALES_SCHEMA } from '#projections/products/product-sales.schema.js';
import { PRODUCT_SCHEMA, PRODUCT_SEARCH_INDEX } from '#projections/products/product.projection.js';

/**
 * The customer grid's common filters, so a filtered page and its count read an index instead of every customer of
 * the company (bench: 20,000 customers): 'city is …' (the grid compares lower(city)), and 'contains' / 'starts
 * with' on the name and the TABC id (trigram indexes, only where pg_trgm exists: created just before, with the
 * product search index). A rebuild of the customer read model copies them with the table.
 */
export const CUSTOMER_SEARCH_INDEXES = `
CREATE INDEX IF NOT EXISTS rm_customer_company_city_idx ON rm_customer (company_id, lower(city)) WHERE removed_at IS NULL;
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX IF NOT EXISTS rm_customer_name_trgm_idx ON rm_customer USING gin (name gin_trgm_ops) WHERE removed_at IS NULL';
    EXECUTE 'CREATE INDEX IF NOT EXISTS rm_customer_tabc_trgm_idx ON rm_customer USING gin (display_tabc_id gin_trgm_ops) WHERE removed_at IS NULL';
  END IF;
END
$$;
`;

/**
 * The product catalogue and price tiers: products with their price changes, the sales
 * columns invoices will fill, price tiers and the tier base. pg_trgm (Postgres contrib) backs the suggestions'
 * search and the customer grid's text filters when it can be created.
 */
export class Migration20261122000700_products extends Migration {
  override name = 'Migration20261122000700_products';

  override up(): void {
    this.addSql(PRODUCT_SCHEMA);
    this.addSql(PRODUCT_SEARCH_INDEX);
    this.addSql(PRODUCT_SALES_SCHEMA);
    this.addSql(PRICE_TIER_SCHEMA);
    this.addSql(CUSTOMER_SEARCH_INDEXES);
  }
}
