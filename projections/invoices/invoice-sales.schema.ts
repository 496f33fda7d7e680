/**
 * What invoices sold, line by line (`rm_product_sale_line`, created with the products in Migration…0700): this adds
 * what the invoice builder and the product screens need of it. `price_cents` gives the customer's last invoiced
 * price of a product; `counted` is false while the invoice is cancelled or once it is deleted (its units and
 * amount leave the totals, the line stays as history); `created_at` orders invoices of the same day.
 */
export const INVOICE_SALES_SCHEMA = `
ALTER TABLE rm_product_sale_line
  ADD COLUMN IF NOT EXISTS price_cents bigint NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS counted boolean NOT NULL DEFAULT true,
  ADD COLUMN IF NOT EXISTS created_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX IF NOT EXISTS rm_product_sale_line_last_price_idx
  ON rm_product_sale_line (company_id, customer_id, product_id, sold_on DESC, created_at DESC) WHERE counted;
`;

/**
 * The index of "Your usual": a customer's counted invoice lines by invoice date, carrying the product and units, so the
 * period's lines are one range of it, read from the index alone (Migration20261129002000_usual_products).
 */
export const USUAL_INDEX = `
CREATE INDEX IF NOT EXISTS rm_product_sale_line_usual_idx
  ON rm_product_sale_line (company_id, customer_id, sold_on) INCLUDE (product_id, units) WHERE counted;
`;
