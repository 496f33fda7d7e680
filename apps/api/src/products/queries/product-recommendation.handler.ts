import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import type { ProductRecommendationAnswer } from '#domain/contracts/product.contract.js';
import { customerError } from '#domain/customers/customer.errors.js';
import { recommend, type PeerPurchases } from '#domain/products/recommendations.js';
import { businessDate, DEFAULT_TIME_ZONE } from '#domain/shared/business-date.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { ProductRecommendationQuery } from './product-recommendation.query.js';
import { ProductSuggestionsQuery } from './product-suggestions.query.js';

/** How far back purchases count: a year of the customer's and its peers' counted sale lines. */
const HISTORY_DAYS = 365;
/** At most this many peers (the latest buyers of the anchor) are compared: the cost does not grow with them. */
const MAX_PEERS = 50;

/**
 * Recommendations from the read models (`rm_product_sale_line`: counted lines of the last year, through its customer
 * and product indexes), decided by `recommend` (domain/products/recommendations.ts), then priced exactly as the
 * builder's search prices them (ProductSuggestionsQuery by ids), so a click adds the line at the customer's price.
 */
@QueryHandler(ProductRecommendationQuery)
export class ProductRecommendationHandler implements IQueryHandler<ProductRecommendationQuery> {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  async execute({
    companyId,
    customerId,
    now,
    asOf,
  }: ProductRecommendationQuery): Promise<ProductRecommendationAnswer> {
    const [customer] = await tenantQuery<{ time_zone: string | null }>(
      this.pool,
      companyId,
      `SELECT co.time_zone FROM rm_customer c LEFT JOIN rm_company co ON co.id = c.company_id
        WHERE c.company_id = $1 AND c.id = $2::uuid AND c.removed_at IS NULL`,
      [customerId],
    );
    if (!customer) throw customerError('CUSTOMER_NOT_FOUND');
    const today = asOf ?? businessDate(now, customer.time_zone || DEFAULT_TIME_ZONE);
    const [history, peers] = await Promise.all([
      tenantQuery<{ product_id: string; days: string[] }>(
        this.pool,
        companyId,
        `SELECT product_id, array_agg(DISTINCT sold_on::text) AS days FROM rm_product_sale_line
          WHERE company_id = $1 AND customer_id = $2::uuid AND counted
            AND sold_on > $3::date - $4::int AND sold_on <= $3::date
          GROUP BY product_id`,
        [customerId, today, HISTORY_DAYS],
      ),
      this.peers(companyId, customerId, today),
    ]);
    const chosen = recommend(
      today,
      history.map((row) => ({ productId: row.product_id, days: row.days })),
      peers,
    );
    const priced = await this.queries.execute(
      new ProductSuggestionsQuery(
        companyId,
        {
          query: '',
          ids: chosen.map((r) => r.productId),
          customerId,
          excludeIds: [],
          excludeSourceIds: [],
          limit: chosen.length,
        },
        now,
      ),
    );
    const byId = new Map(priced.map((product) => [product.id, product]));
    return {
      recommendation: chosen.flatMap((r) => {
        const product = byId.get(r.productId); // archived or deleted since: not offered
        return product ? [{ product, kind: r.kind, reason: r.reason }] : [];
      }),
    };
  }

  /** The customers who buy what this one buys most (its anchor), and what they buy that it never did. */
  private async peers(
    companyId: string,
    customerId: string,
    today: string,
  ): Promise<PeerPurchases | undefined> {
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
