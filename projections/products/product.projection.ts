import type { PoolClient } from '#infra/db/database.js';
import type { StoredEvent } from '#engine';
import type { ProductEvent, ProductFields } from '#domain/products/product.events.js';
import { listPriceOn, type PriceChangeEntry } from '#domain/products/product.pricing.js';
import { sameProductKey } from '#domain/products/product.rules.js';
import { searchText } from '#domain/shared/search-text.js';
import { defineRowProjection, ident, isoOrNull as iso, upsertRows } from '../projection.js';

/**
 * One row per product (`rm_product`): the product grid, the list, the detail page and the invoice builder's
 * suggestions. A deleted product keeps its row with deleted_at set; every query leaves it out.
 *
 * Prices: `price_changes` holds every change (list and per customer) in the order recorded. `price_cents` is the
 * list price in effect on `price_as_of` (the last day a price was changed or the product created) and
 * `next_price_on` the first later effective date of a list-price change, so "the list price today" is `price_cents`
 * unless today has reached `next_price_on` (or lies before `price_as_of`); only then is `rm_product_price_at`
 * (Migration20261122000700) asked. Customer prices are always looked up there, for the few rows a query answers.
 */
/** Bottles per case (Migration20261127003000_comptroller_report). */
export const PRODUCT_CASE_SIZE_SCHEMA = `
ALTER TABLE rm_product ADD COLUMN IF NOT EXISTS case_size integer;
`;

export const PRODUCT_SCHEMA = `
CREATE TABLE IF NOT EXISTS rm_product (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  product text NOT NULL,
  product_size text NOT NULL,
  product_type text NOT NULL,
  upc text,
  internal_sku text,
  distributor text,
  ydk_product_id text,
  last_purchase_price_cents bigint NOT NULL,
  reorder_level integer,
  reorder_qty integer,
  reorder_time_in_days integer,
  initial_price_cents bigint NOT NULL,
  price_cents bigint NOT NULL,
  price_as_of date NOT NULL,
  next_price_on date,
  effective_on date, -- effective date of the change that set price_cents (null: the price it was created with)
  price_changes jsonb NOT NULL DEFAULT '[]',
  archived boolean NOT NULL DEFAULT false,
  archived_at timestamptz,
  deleted_at timestamptz,
  same_key text NOT NULL, -- name|size|type in comparable form: "the same product" (domain/products/product.rules.ts)
  search text NOT NULL, -- upper-case name, size, UPC and internal SKU without apostrophes: what searches match
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  revision bigint NOT NULL
);
-- Name prefixes in name order ("C": byte order, so LIKE 'ABC%' and ORDER BY use it).
CREATE INDEX IF NOT EXISTS rm_product_company_name_idx
  ON rm_product (company_id, (product COLLATE "C")) WHERE deleted_at IS NULL;
CREATE INDEX IF NOT EXISTS rm_product_company_upc_idx ON rm_product (company_id, upc) WHERE deleted_at IS NULL;
CREATE INDEX IF NOT EXISTS rm_product_company_same_idx
  ON rm_product (company_id, same_key) WHERE deleted_at IS NULL AND NOT archived;

-- The price a customer (NULL: the list price) has on a day from a product's price_changes: the latest effective date
-- on or before the day, the later recorded on a tie; NULL when none (domain/products/product.pricing.ts).
CREATE OR REPLACE FUNCTION rm_product_price_at(changes jsonb, customer uuid, day date) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (c ->> 'new_price_cents')::bigint
  FROM jsonb_array_elements(changes) WITH ORDINALITY AS x(c, n)
  WHERE (c ->> 'customer_id') IS NOT DISTINCT FROM customer::text AND (c ->> 'effective_on')::date <= day
  ORDER BY (c ->> 'effective_on')::date DESC, n DESC
  LIMIT 1
$$;

-- The effective date of that price.
CREATE OR REPLACE FUNCTION rm_product_price_effective_on(changes jsonb, customer uuid, day date) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (c ->> 'effective_on')::date
  FROM jsonb_array_elements(changes) WITH ORDINALITY AS x(c, n)
  WHERE (c ->> 'customer_id') IS NOT DISTINCT FROM customer::text AND (c ->> 'effective_on')::date <= day
  ORDER BY (c ->> 'effective_on')::date DESC, n DESC
  LIMIT 1
$$;
`;

/** SQL: the effective date of the list price of `p` on `day` (null: the price it was created with). */
export const listPriceEffectiveOnSql = (day: string) =>
  `(CASE WHEN ${day} >= p.price_as_of AND (p.next_price_on IS NULL OR p.next_price_on > ${day}) THEN p.effective_on
     ELSE rm_product_price_effective_on(p.price_changes, NULL, ${day}) END)`;

/** The trigram index of suggestions: only where the pg_trgm extension can be had (it ships with Postgres contrib). */
export const PRODUCT_SEARCH_INDEX = `
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm is not available (%): product suggestions scan instead of using an index', SQLERRM;
  END;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX IF NOT EXISTS rm_product_search_trgm_idx ON rm_product USING gin (search gin_trgm_ops) WHERE deleted_at IS NULL';
  END IF;
END
$$;
`;

/** SQL: the list price of `p` on `day` (a date expression). */
export const listPriceSql = (day: string) =>
  `(CASE WHEN ${day} >= p.price_as_of AND (p.next_price_on IS NULL OR p.next_price_on > ${day}) THEN p.price_cents
     ELSE coalesce(rm_product_price_at(p.price_changes, NULL, ${day}), p.initial_price_cents) END)`;

/** One entry of `price_changes` (as the client's specification asks). */
export interface PriceChangeRow {
  customer_id: string | null;
  old_price_cents: number;
  new_price_cents: number;
  effective_on: string;
  changed_on: string;
  created_at: string;
}

export interface ProductRow {
  id: string;
  company_id: string;
  product: string;
  product_size: string;
  product_type: string;
  upc: string | null;
  internal_sku: string | null;
  distributor: string | null;
  ydk_product_id: string | null;
  last_purchase_price_cents: number;
  reorder_level: number | null;
  reorder_qty: number | null;
  reorder_time_in_days: number | null;
  case_size: number | null;
  initial_price_cents: number;
  price_cents: number;
  price_as_of: string;
  next_price_on: string | null;
  effective_on: string | null;
  price_changes: PriceChangeRow[];
  archived: boolean;
  archived_at: string | null;
  deleted_at: string | null;
  same_key: string;
  search: string;
  created_at: string;
  updated_at: string;
  revision: number;
}

function fieldColumns(fields: ProductFields) {
  return {
    product: fields.name,
    product_size: fields.size,
    product_type: fields.type,
    upc: fields.upc,
    internal_sku: fields.internalSku,
    distributor: fields.distributor,
    ydk_product_id: fields.ydkProductId,
    last_purchase_price_cents: fields.lastPurchasePriceCents,
    reorder_level: fields.reorderLevel,
    reorder_qty: fields.reorderQty,
    reorder_time_in_days: fields.reorderTimeInDays,
    case_size: fields.caseSize ?? null,
    same_key: sameProductKey(fields.name, fields.size, fields.type),
    search: searchText([fields.name, fields.size, fields.upc, fields.internalSku].filter(Boolean).join(' ')),
  };
}

const entries = (changes: PriceChangeRow[]): PriceChangeEntry[] =>
  changes.map((c) => ({
    customerId: c.customer_id,
    newPriceCents: c.new_price_cents,
    effectiveOn: c.effective_on,
  }));

/** price_cents, next_price_on and effective_on for the list-price changes as of `asOf`. */
function listPriceColumns(initialPriceCents: number, changes: PriceChangeRow[], asOf: string) {
  const list = changes.filter((c) => c.customer_id === null);
  let inEffect: PriceChangeRow | undefined;
  for (const change of list) {
    if (change.effective_on <= asOf && (!inEffect || change.effective_on >= inEffect.effective_on))
      inEffect = change;
  }
  const later = list.map((c) => c.effective_on).filter((on) => on > asOf);
  return {
    price_cents: listPriceOn(initialPriceCents, entries(changes), asOf),
    price_as_of: asOf,
    next_price_on: later.length > 0 ? later.reduce((a, b) => (a < b ? a : b)) : null,
    effective_on: inEffect?.effective_on ?? null,
  };
}

/** Pure: the product row after one event (the same object when the event was applied already). */
export function evolveProductRow(row: ProductRow | undefined, stored: StoredEvent): ProductRow {
  const revision = Number(stored.revision);
  if (row && revision <= row.revision) return row;
  const event = stored as unknown as ProductEvent;
  if (event.type === 'ProductCreated') {
    const { productId, companyId, priceCents, createdOn, createdAt, ...fields } = event.data;
    return {
      id: productId,
      company_id: companyId,
      ...fieldColumns(fields),
      initial_price_cents: priceCents,
      ...listPriceColumns(priceCents, [], createdOn),
      price_changes: [],
      archived: false,
      archived_at: null,
      deleted_at: null,
      created_at: createdAt,
      updated_at: createdAt,
      revision,
    };
  }
  if (!row) throw new Error(`product projection: ${stored.type} ${stored.id} for a product never created`);
  switch (event.type) {
    case 'ProductUpdated': {
      const { productId: _, companyId: __, updatedAt, ...fields } = event.data;
      return { ...row, ...fieldColumns(fields), updated_at: updatedAt, revision };
    }
    case 'ProductPriceChanged': {
      const { customerId, oldPriceCents, newPriceCents, effectiveOn, changedOn, changedAt } = event.data;
      const price_changes = [
        ...row.price_changes,
        {
          customer_id: customerId,
          old_price_cents: oldPriceCents,
          new_price_cents: newPriceCents,
          effective_on: effectiveOn,
          changed_on: changedOn,
          created_at: changedAt,
        },
      ];
      const asOf = changedOn > row.price_as_of ? changedOn : row.price_as_of;
      return {
        ...row,
        price_changes,
        ...listPriceColumns(row.initial_price_cents, price_changes, asOf),
        updated_at: changedAt,
        revision,
      };
    }
    case 'ProductArchived':
      return {
        ...row,
        archived: true,
        archived_at: event.data.archivedAt,
        updated_at: event.data.archivedAt,
        revision,
      };
    case 'ProductRestored':
      return { ...row, archived: false, archived_at: null, updated_at: event.data.restoredAt, revision };
    case 'ProductDeleted':
      return { ...row, deleted_at: event.data.deletedAt, updated_at: event.data.deletedAt, revision };
    default:
      return { ...row, revision };
  }
}

const COLUMNS: readonly (keyof ProductRow)[] = [
  'id',
  'company_id',
  'product',
  'product_size',
  'product_type',
  'upc',
  'internal_sku',
  'distributor',
  'ydk_product_id',
  'last_purchase_price_cents',
  'reorder_level',
  'reorder_qty',
  'reorder_time_in_days',
  'case_size',
  'initial_price_cents',
  'price_cents',
  'price_as_of',
  'next_price_on',
  'effective_on',
  'price_changes',
  'archived',
  'archived_at',
  'deleted_at',
  'same_key',
  'search',
  'created_at',
  'updated_at',
  'revision',
];

export const PRODUCT_EVENTS = [
  'ProductCreated',
  'ProductUpdated',
  'ProductPriceChanged',
  'ProductArchived',
  'ProductRestored',
  'ProductDeleted',
] as const;

export const productProjection = defineRowProjection<ProductRow>({
  name: 'products',
  version: 2,
  handles: PRODUCT_EVENTS,
  rows: {
    table: 'rm_product',
    keyOf: (event) => (event.data as { productId?: string }).productId,
    async load(tx: PoolClient, keys: string[], table: string) {
      const { rows } = await tx.query(
        `SELECT *, price_as_of::text AS price_as_of, next_price_on::text AS next_price_on,
                effective_on::text AS effective_on
         FROM ${ident(table)} WHERE id = ANY($1::uuid[])`,
        [keys],
      );
      return new Map(
        rows.map((row) => [
          row.id as string,
          {
            ...row,
            last_purchase_price_cents: Number(row.last_purchase_price_cents),
            initial_price_cents: Number(row.initial_price_cents),
            price_cents: Number(row.price_cents),
            archived_at: iso(row.archived_at),
            deleted_at: iso(row.deleted_at),
            created_at: iso(row.created_at)!,
            updated_at: iso(row.updated_at)!,
            revision: Number(row.revision),
          } as ProductRow,
        ]),
      );
    },
    evolve: evolveProductRow,
    async save(tx: PoolClient, rows: ProductRow[], table: string) {
      await upsertRows(tx, table, COLUMNS, rows);
    },
  },
});
