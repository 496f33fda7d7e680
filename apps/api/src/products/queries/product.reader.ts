import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { PriceTierBase } from '#domain/companies/price-tier.rules.js';
import type { PeerPurchases } from '#domain/products/recommendations.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { escapeLike, wordsPattern } from '#infra/grid/grid.sql.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { lastInvoicedPrices } from '#projections/invoices/last-invoiced-prices.js';
import { listPriceSql } from '#projections/products/product.projection.js';
import { companyZoneSql } from '../../infra/company-time.js';
import { productColumns, type ProductQueryRow } from '../product.response.js';
import { pricingFor, type PricingFor } from './customer-pricing.js';
import type { ListProductsQuery } from './list-products.query.js';
import type { SuggestionFilter } from './product-suggestions.query.js';

/** The conditions every suggestion meets ($1 company, $4 excluded ids, $5 excluded source ids, $6 distributor). */
const CURRENT = `p.company_id = $1 AND p.deleted_at IS NULL AND NOT p.archived
  AND NOT (p.id = ANY($4::uuid[]))
  AND (cardinality($5::text[]) = 0 OR p.ydk_product_id IS NULL OR NOT (p.ydk_product_id = ANY($5::text[])))
  AND ($6::text IS NULL OR lower(p.distributor) = lower($6))`;

/**
 * Two steps, the second only when the first leaves the page short (a Limit over an Append stops early). $2 is the
 * first step's value (a name prefix pattern, or the UPC), $3 the "anywhere" pattern.
 */
const STEPS = {
  /** 1. names starting with the query, in name order (the (company_id, product "C") index answers them in order); */
  name: `(SELECT 0 AS step, p.id, p.product COLLATE "C" AS sort FROM rm_product p
          WHERE ${CURRENT} AND (p.product COLLATE "C") LIKE $2
          ORDER BY p.product COLLATE "C", p.id LIMIT $7)`,
  /** 1'. or, for a UPC, the product with exactly that UPC; */
  upc: `(SELECT 0 AS step, p.id, p.product COLLATE "C" AS sort FROM rm_product p
         WHERE ${CURRENT} AND p.upc = $2
         ORDER BY p.product COLLATE "C", p.id LIMIT $7)`,
  /**
   * 2. the query's words in order anywhere in the name, size, UPC or internal SKU (the trigram index), those of
   *    step 1 left out.
   */
  contains: (
    step1: 'name' | 'upc',
  ) => `(SELECT 1 AS step, p.id, p.product COLLATE "C" AS sort FROM rm_product p
          WHERE ${CURRENT} AND p.search LIKE $3
            AND ${step1 === 'name' ? 'NOT ((p.product COLLATE "C") LIKE $2)' : 'p.upc IS DISTINCT FROM $2'}
          ORDER BY p.product COLLATE "C", p.id LIMIT $7)`,
  /** or exactly the products of $2 (an id list; $3 is null then). */
  ids: `(SELECT 0 AS step, p.id, p.product COLLATE "C" AS sort FROM rm_product p
         WHERE ${CURRENT} AND p.id = ANY($2::uuid[]) AND $3::text IS NULL)`,
};

/** What the builder's search looks for: exactly these ids, else the search term (a UPC or a name). */
export interface SuggestionSearch {
  ids: string[] | undefined;
  term: string;
  isUpc: boolean;
  customerId: string | null;
}

/** A row of the suggestions' statement: the company's settings and the customer's tier on every row, then a product. */
export interface SuggestionRow extends Record<string, unknown> {
  time_zone: string | null;
  tiered_pricing: boolean | null;
  tier_base: PriceTierBase | null;
  customer_found: boolean;
  tier_id: string | null;
  tier_name: string | null;
  tier_percentage_basis_points: number | null;
  tier_is_base: boolean | null;
  step: number | null;
  id: string | null;
  product: string;
  product_size: string;
  product_type: string;
  upc: string | null;
  case_size: number | null;
  internal_sku: string | null;
  distributor: string | null;
  ydk_product_id: string | null;
  list_price_cents: string;
  customer_price_cents: string | null;
  last_purchase_price_cents: string;
}

/** A product of the list with its sales and the customer's own price. */
export type ProductListQueryRow = ProductQueryRow & { customer_price_cents: string | null };

/** How far back purchases count: a year of the customer's and its peers' counted sale lines. */
const HISTORY_DAYS = 365;
/** At most this many peers (the latest buyers of the anchor) are compared: the cost does not grow with them. */
const MAX_PEERS = 50;

/** The products' reads for the builder's search, the product list and the recommendations (rm_product and its sales). */
@Injectable()
export class ProductReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  /**
   * The invoice builder's product search, in one statement (one round trip): the company's settings and the
   * customer's tier, the matching products in two cheap steps instead of one ranking of every match, and for the
   * few found their list price and the customer's own price on the day. Always one row (the settings); a row with a
   * null id found no product.
   */
  suggestions(
    companyId: string,
    { ids, term, isUpc, customerId }: SuggestionSearch,
    filter: SuggestionFilter,
    now: string,
  ): Promise<SuggestionRow[]> {
    // The invoice date, else today: the company's business day.
    const day = 'coalesce($8::date, ($10::timestamptz AT TIME ZONE s.time_zone)::date)';
    return tenantQuery<SuggestionRow>(
      this.pool,
      companyId,
      `WITH s AS (
         SELECT ${companyZoneSql('co')} AS time_zone,
                (co.features -> 'tiered_pricing' ->> 'active')::boolean AS tiered_pricing, ts.tier_base,
                c.id IS NOT NULL AS customer_found, t.id AS tier_id, t.name AS tier_name,
                t.percentage_basis_points AS tier_percentage_basis_points, t.is_base_tier AS tier_is_base
         FROM (SELECT $1::uuid AS company_id) me
         LEFT JOIN rm_company co ON co.id = me.company_id
         LEFT JOIN rm_price_tier_setting ts ON ts.company_id = me.company_id
         LEFT JOIN rm_customer c ON c.company_id = me.company_id AND c.id = $9::uuid AND c.removed_at IS NULL
         LEFT JOIN rm_price_tier t
           ON t.id = c.product_price_tier_id AND t.company_id = me.company_id AND t.removed_at IS NULL
       ), hits AS (
         ${ids ? STEPS.ids : `${isUpc ? STEPS.upc : STEPS.name} UNION ALL ${STEPS.contains(isUpc ? 'upc' : 'name')}`}
         LIMIT $7
       )
       SELECT s.*, h.step, p.id, p.product, p.product_size, p.product_type, p.upc, p.case_size, p.internal_sku, p.distributor,
              p.ydk_product_id, ${listPriceSql(day)} AS list_price_cents, p.last_purchase_price_cents,
              CASE WHEN $9::uuid IS NULL THEN NULL ELSE rm_product_price_at(p.price_changes, $9::uuid, ${day}) END
                AS customer_price_cents
       FROM s
       LEFT JOIN hits h ON true
       LEFT JOIN rm_product p ON p.id = h.id AND p.company_id = $1
       ORDER BY h.step, h.sort, h.id`,
      [
        ids ?? (isUpc ? term : `${escapeLike(term)}%`),
        ids ? null : wordsPattern(term),
        filter.excludeIds,
        filter.excludeSourceIds,
        filter.distributor?.trim() || null,
        filter.limit,
        filter.date ?? null,
        customerId,
        now,
      ],
    );
  }

  /** What the customer paid for each product on its latest invoice naming it (none without a customer). */
  lastInvoicedPrices(
    companyId: string,
    customerId: string | null,
    productIds: string[],
  ): Promise<Map<string, number>> {
    return customerId === null
      ? Promise.resolve(new Map<string, number>())
      : lastInvoicedPrices(this.pool, companyId, customerId, productIds);
  }

  /** How the list prices products: the company's settings, the customer's tier (404 for an unknown one), today. */
  pricing(companyId: string, customerId: string | undefined, now: string): Promise<PricingFor> {
    return pricingFor(this.pool, companyId, customerId, null, now);
  }

  /** The product list: current products, their sales (all time, or of the range / customer) and the customer's price. */
  list({ companyId, filter }: ListProductsQuery, pricing: PricingFor): Promise<ProductListQueryRow[]> {
    const ranged = Boolean(filter.dateFrom || filter.dateTo || pricing.customerId);
    const search = wordsPattern(filter.search?.toUpperCase());
    // Sales: all time from the per-product totals, or summed from the invoice lines of the range / customer.
    const sales = ranged
      ? `LEFT JOIN (
           SELECT l.product_id, sum(l.units) AS units_sold, sum(l.amount_cents) AS amount_sold_cents
           FROM rm_product_sale_line l
           WHERE l.company_id = $1 AND l.counted AND ($6::date IS NULL OR l.sold_on >= $6::date)
             AND ($7::date IS NULL OR l.sold_on <= $7::date) AND ($3::uuid IS NULL OR l.customer_id = $3::uuid)
           GROUP BY l.product_id
         ) r ON r.product_id = p.id`
      : '';
    return tenantQuery<ProductListQueryRow>(
      this.pool,
      companyId,
      `SELECT ${productColumns('$2::date')},
              CASE WHEN $3::uuid IS NULL THEN NULL ELSE rm_product_price_at(p.price_changes, $3::uuid, $2::date) END
                AS customer_price_cents,
              ${ranged ? 'coalesce(r.units_sold, 0)' : 'coalesce(s.units_sold, 0)'} AS units_sold,
              ${ranged ? 'coalesce(r.amount_sold_cents, 0)' : 'coalesce(s.amount_sold_cents, 0)'} AS amount_sold_cents,
              coalesce(s.invoice_count, 0) AS invoice_count
       FROM rm_product p
       LEFT JOIN rm_product_sales s ON s.product_id = p.id
       ${sales}
       WHERE p.company_id = $1 AND p.deleted_at IS NULL AND ($4::boolean OR NOT p.archived)
         AND ($5::text IS NULL OR p.search LIKE $5)
       ORDER BY units_sold DESC, p.product, p.id
       LIMIT ${ranged ? '$8' : '$6'}`,
      [
        pricing.day,
        pricing.customerId,
        filter.archived,
        search,
        ...(ranged ? [filter.dateFrom ?? null, filter.dateTo ?? null] : []),
        filter.limit,
      ],
    );
  }

  /** The current customer's company time zone (null: none set), or undefined for an unknown customer. */
  async customerTimeZone(
    companyId: string,
    customerId: string,
  ): Promise<{ time_zone: string | null } | undefined> {
    const [customer] = await tenantQuery<{ time_zone: string | null }>(
      this.pool,
      companyId,
      `SELECT co.time_zone FROM rm_customer c LEFT JOIN rm_company co ON co.id = c.company_id
        WHERE c.company_id = $1 AND c.id = $2::uuid AND c.removed_at IS NULL`,
      [customerId],
    );
    return customer;
  }

  /** The days of the last year (up to `today`) on which the customer bought each product. */
  purchaseDays(companyId: string, customerId: string, today: string) {
    return tenantQuery<{ product_id: string; days: string[] }>(
      this.pool,
      companyId,
      `SELECT product_id, array_agg(DISTINCT sold_on::text) AS days FROM rm_product_sale_line
          WHERE company_id = $1 AND customer_id = $2::uuid AND counted
            AND sold_on > $3::date - $4::int AND sold_on <= $3::date
          GROUP BY product_id`,
      [customerId, today, HISTORY_DAYS],
    );
  }

  /** The customers who buy what this one buys most (its anchor), and what they buy that it never did. */
  async peers(companyId: string, customerId: string, today: string): Promise<PeerPurchases | undefined> {
    const rows = await tenantQuery<{
      anchor_name: string | null;
      peer_count: number;
      product_id: string | null;
      buyers: number | null;
    }>(
      this.pool,
      companyId,
      `WITH since AS (SELECT $3::date - $4::int AS day, $3::date AS until),
       mine AS (
         SELECT product_id, count(DISTINCT invoice_id) AS n FROM rm_product_sale_line, since
          WHERE company_id = $1 AND customer_id = $2::uuid AND counted AND sold_on > since.day
            AND sold_on <= since.until
          GROUP BY product_id),
       anchor AS (SELECT product_id FROM mine ORDER BY n DESC, product_id LIMIT 1),
       peers AS (
         SELECT customer_id FROM rm_product_sale_line l, anchor, since
          WHERE l.company_id = $1 AND l.product_id = anchor.product_id AND l.counted AND l.sold_on > since.day
            AND l.sold_on <= since.until
            AND l.customer_id <> $2::uuid
          GROUP BY customer_id ORDER BY max(l.sold_on) DESC, customer_id LIMIT $5),
       candidates AS (
         SELECT l.product_id, count(DISTINCT l.customer_id)::int AS buyers
           FROM rm_product_sale_line l JOIN peers p ON p.customer_id = l.customer_id, since
          WHERE l.company_id = $1 AND l.counted AND l.sold_on > since.day AND l.sold_on <= since.until
            AND NOT EXISTS (SELECT 1 FROM mine WHERE mine.product_id = l.product_id)
          GROUP BY l.product_id)
       SELECT (SELECT p.product FROM rm_product p, anchor WHERE p.company_id = $1 AND p.id = anchor.product_id)
                AS anchor_name,
              (SELECT count(*)::int FROM peers) AS peer_count, c.product_id, c.buyers
         FROM (SELECT 1) one LEFT JOIN candidates c ON true`,
      [customerId, today, HISTORY_DAYS, MAX_PEERS],
    );
    const first = rows[0];
    if (!first?.anchor_name || first.peer_count === 0) return undefined;
    return {
      anchorName: first.anchor_name,
      peerCount: first.peer_count,
      candidates: rows.flatMap((row) =>
        row.product_id === null ? [] : [{ productId: row.product_id, buyers: row.buyers ?? 0 }],
      ),
    };
  }
}
