import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { lastInvoicedPrices } from '#projections/invoices/last-invoiced-prices.js';
import { customerError } from '#domain/customers/customer.errors.js';
import { priceForCustomer } from '#domain/products/product.pricing.js';
import { percentFromBasisPoints } from '#domain/companies/company.rules.js';
import type { PriceTierBase } from '#domain/companies/price-tier.rules.js';
import { dollarsOf } from '#domain/shared/money.js';
import { listPriceSql } from '#projections/products/product.projection.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { escapeLike } from '#infra/grid/grid.sql.js';
import { PG_POOL } from '#infra/projections.provider.js';
import type { ProductSuggestion } from '#domain/contracts/product.contract.js';
import { ProductSuggestionsQuery } from './product-suggestions.query.js';
import { companyZoneSql } from '../../infra/company-time.js';

/** The client's specification: search starts at 3 characters; a digit string longer than 5 is a UPC. */
export const MIN_QUERY_LENGTH = 3;
const UPC = /^\d{6,}$/;

/** The typed query as searched: % and _ stripped, spaces collapsed, upper-case (names are stored so). */
export function searchTerm(query: string): string {
  return query.replace(/[%_]/g, '').trim().replace(/\s+/g, ' ').toUpperCase();
}

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
  /** 2. the query anywhere in the name, UPC or internal SKU (the trigram index), those of step 1 left out. */
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

interface Row extends Record<string, unknown> {
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

/**
 * The invoice builder's product search, in one statement (one round trip): the company's settings and the
 * customer's tier, the matching products in two cheap steps instead of one ranking of every match, and for the few
 * found their list price and the customer's own price on the day. Pricing rules then run in the domain
 * (priceForCustomer).
 */
@QueryHandler(ProductSuggestionsQuery)
export class ProductSuggestionsHandler implements IQueryHandler<ProductSuggestionsQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ companyId, filter, now }: ProductSuggestionsQuery): Promise<ProductSuggestion[]> {
    const ids = filter.ids;
    const term = ids ? '' : searchTerm(filter.query);
    if (ids ? ids.length === 0 : term.length < MIN_QUERY_LENGTH) return [];
    const isUpc = !ids && UPC.test(term);
    const customerId = filter.customerId ? filter.customerId.trim().toLowerCase() : null;
    // The invoice date, else today: the company's business day.
    const day = 'coalesce($8::date, ($10::timestamptz AT TIME ZONE s.time_zone)::date)';
    const rows = await tenantQuery<Row>(
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
        ids ? null : `%${escapeLike(term)}%`,
        filter.excludeIds,
        filter.excludeSourceIds,
        filter.distributor?.trim() || null,
        filter.limit,
        filter.date ?? null,
        customerId,
        now,
      ],
    );
    const settings = rows[0]!;
    if (customerId !== null && !settings.customer_found) throw customerError('CUSTOMER_NOT_FOUND');
    const tier =
      settings.tier_id === null
        ? null
        : {
            id: settings.tier_id,
            name: settings.tier_name!,
            percentageBasisPoints: settings.tier_percentage_basis_points!,
            isBaseTier: settings.tier_is_base!,
          };
    const pricing = {
      tieredPricing: settings.tiered_pricing === true,
      base: settings.tier_base ?? 'list_price',
      tier,
    };
    const found = rows.filter((row) => row.id !== null);
    const lastPrices =
      customerId === null
        ? new Map<string, number>()
        : await lastInvoicedPrices(
            this.pool,
            companyId,
            customerId,
            found.map((row) => row.id!),
          );
    return found.map((row) => {
      const listPriceCents = Number(row.list_price_cents);
      const { priceCents, source } = priceForCustomer(
        {
          listPriceCents,
          customerPriceCents: row.customer_price_cents === null ? null : Number(row.customer_price_cents),
          lastPurchasePriceCents: Number(row.last_purchase_price_cents),
        },
        pricing,
      );
      return {
        id: row.id!,
        product: row.product,
        product_size: row.product_size,
        product_type: row.product_type,
        upc: row.upc,
        case_size: row.case_size,
        internal_sku: row.internal_sku,
        distributor: row.distributor,
        ydk_product_id: row.ydk_product_id,
        last_purchase_price: dollarsOf(Number(row.last_purchase_price_cents)),
        last_invoiced_price: lastPrices.has(row.id!) ? dollarsOf(lastPrices.get(row.id!)!) : null,
        price: dollarsOf(priceCents),
        price_source: source,
        list_price: dollarsOf(listPriceCents),
        tier:
          source === 'tier' && tier
            ? {
                id: tier.id,
                name: tier.name,
                percentage: percentFromBasisPoints(tier.percentageBasisPoints),
              }
            : null,
        match: ids ? 'id' : row.step === 0 ? (isUpc ? 'upc' : 'name') : 'contains',
      };
    });
  }
}
