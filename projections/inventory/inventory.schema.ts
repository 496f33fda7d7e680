/**
 * Inventory read models, owned by the `inventory` projection:
 *
 * - `rm_inventory`: one row per product: qty in stock (any sign), its distributor and reorder settings (from the
 *   product, then from cell edits), when it last moved and its last restock.
 * - `rm_inventory_invoice`: what each invoice takes from stock now (units per product while counted), so an edit,
 *   cancel or delete moves only the difference.
 * - `rm_inventory_history`: one row per movement (source INVOICE, RESTOCK, MANUAL, and RETURN and WRITE_OFF of
 *   credited goods), keyed by event and product (and source for credited goods).
 */
export const INVENTORY_SCHEMA = `
CREATE TABLE IF NOT EXISTS rm_inventory (
  id uuid PRIMARY KEY, -- the product's id
  company_id uuid NOT NULL,
  qty bigint NOT NULL DEFAULT 0,
  distributor text,
  reorder_level integer,
  reorder_qty integer,
  reorder_time_in_days integer,
  updated_at timestamptz NOT NULL,
  last_restock_at timestamptz,
  last_restock_qty bigint
);
CREATE INDEX IF NOT EXISTS rm_inventory_company_updated_idx ON rm_inventory (company_id, updated_at DESC, id);

CREATE TABLE IF NOT EXISTS rm_inventory_invoice (
  invoice_id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  number text NOT NULL,
  counted boolean NOT NULL,
  units jsonb NOT NULL,
  prices jsonb NOT NULL
);

CREATE TABLE IF NOT EXISTS rm_inventory_history (
  id text PRIMARY KEY, -- event id : product id
  company_id uuid NOT NULL,
  product_id uuid NOT NULL,
  qty bigint NOT NULL, -- the movement: + into stock, - out of it
  source text NOT NULL, -- INVOICE, RESTOCK, MANUAL
  ref text,
  invoice_id uuid,
  invoice_number text,
  unit_price_cents bigint,
  distributor text,
  created_at timestamptz NOT NULL,
  position bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS rm_inventory_history_company_created_idx
  ON rm_inventory_history (company_id, created_at DESC, position DESC);
CREATE INDEX IF NOT EXISTS rm_inventory_history_product_idx ON rm_inventory_history (company_id, product_id, created_at DESC);
`;

/**
 * `current`: the product is neither archived nor deleted (the projection follows ProductArchived, ProductRestored and
 * ProductDeleted), so the grid lists and counts rm_inventory alone: its count needs no join to rm_product, and its
 * default sort (updated_at, newest first; NULLS LAST as the grid says it) reads this partial index in order; the
 * Distributor filter ('equals' compares lower()) and its count read the second.
 * Migration…20261126001600 adds it to existing tables and fills it from rm_product.
 */
export const INVENTORY_CURRENT_SCHEMA = `
ALTER TABLE rm_inventory ADD COLUMN IF NOT EXISTS current boolean NOT NULL DEFAULT true;
DROP INDEX IF EXISTS rm_inventory_company_updated_idx;
CREATE INDEX IF NOT EXISTS rm_inventory_current_updated_idx
  ON rm_inventory (company_id, updated_at DESC NULLS LAST, id) WHERE current;
CREATE INDEX IF NOT EXISTS rm_inventory_current_distributor_idx
  ON rm_inventory (company_id, lower(distributor)) WHERE current;
`;

/**
 * The inventory grid's Product filter ('contains' and the like compare with ILIKE): a trigram index on the product's
 * name, where pg_trgm exists (the products migration creates it when it can), so a filtered count reads the
 * matching products instead of every product's name.
 */
export const INVENTORY_PRODUCT_NAME_INDEX = `
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX IF NOT EXISTS rm_product_name_trgm_idx ON rm_product USING gin (product gin_trgm_ops)';
  END IF;
END
$$;
`;

/**
 * An invoice movement's deal (the client's specification: inventory history on_deal): whether the invoice's line of
 * the product is on deal, kept per invoice (`deals`: product → true) and on each history row it writes
 * (Migration20261128004100_inventory_on_deal; the projection's version 2 rebuilds the rows).
 */
export const INVENTORY_ON_DEAL_SCHEMA = `
ALTER TABLE rm_inventory_invoice ADD COLUMN IF NOT EXISTS deals jsonb NOT NULL DEFAULT '{}';
ALTER TABLE rm_inventory_history ADD COLUMN IF NOT EXISTS on_deal boolean NOT NULL DEFAULT false;
`;

/**
 * Credited goods (credit memos): each invoice's stock state keeps the goods of its memos that are not void
 * (`credits`), so a void moves back what its memo moved; history rows of source RETURN and WRITE_OFF name the memo.
 * Migration20261129003000_credit_memos.
 */
export const INVENTORY_CREDITS_SCHEMA = `
ALTER TABLE rm_inventory_invoice ADD COLUMN IF NOT EXISTS credits jsonb NOT NULL DEFAULT '{}';
`;
