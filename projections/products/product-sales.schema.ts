/**
 * What invoices sold of each product: the product grid's units sold, total $, profit $ and profit % columns, the
 * date/customer ranges of GET /product, and "invoice history" (delete is refused while `invoice_count` > 0).
 *
 * The invoice-sales projection (projections/invoices/invoice-sales.projection.ts) owns them: one
 * `rm_product_sale_line` row per invoice line (replaced when the invoice is edited; `counted` false while it is
 * cancelled or once deleted, so the line stays as history) and the per-product totals of counted lines in
 * `rm_product_sales`. Queries read them with LEFT JOINs and treat a missing row as zero.
 */
export const PRODUCT_SALES_SCHEMA = `
CREATE TABLE IF NOT EXISTS rm_product_sales (
  product_id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  units_sold bigint NOT NULL DEFAULT 0,
  amount_sold_cents bigint NOT NULL DEFAULT 0,
  invoice_count integer NOT NULL DEFAULT 0, -- invoices naming the product, cancelled ones included: its history
  last_invoiced_at timestamptz
);
CREATE INDEX IF NOT EXISTS rm_product_sales_company_units_idx ON rm_product_sales (company_id, units_sold DESC);

CREATE TABLE IF NOT EXISTS rm_product_sale_line (
  invoice_id uuid NOT NULL,
  line_no integer NOT NULL,
  company_id uuid NOT NULL,
  product_id uuid NOT NULL,
  customer_id uuid,
  sold_on date NOT NULL, -- the invoice date (business date)
  units bigint NOT NULL,
  amount_cents bigint NOT NULL, -- the line total
  PRIMARY KEY (invoice_id, line_no)
);
CREATE INDEX IF NOT EXISTS rm_product_sale_line_product_idx ON rm_product_sale_line (company_id, product_id, sold_on);
CREATE INDEX IF NOT EXISTS rm_product_sale_line_customer_idx ON rm_product_sale_line (company_id, customer_id, sold_on);
`;

/**
 * The period look-ups of GET /company/stats (dashboard and reports): the counted lines of a company's days, read
 * from the index alone (Migration20261125002300_sales_by_day_index).
 */
export const SALES_BY_DAY_INDEX = `
CREATE INDEX IF NOT EXISTS rm_product_sale_line_day_idx
  ON rm_product_sale_line (company_id, sold_on) INCLUDE (product_id, invoice_id, units, amount_cents) WHERE counted;
`;
