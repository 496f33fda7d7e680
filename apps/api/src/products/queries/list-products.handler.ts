import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { escapeLike } from '#infra/grid/grid.sql.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { productColumns, toProductResponse, type ProductQueryRow } from '../product.response.js';
import { pricingFor } from './customer-pricing.js';
import { ListProductsQuery, type ProductListRow } from './list-products.query.js';

@QueryHandler(ListProductsQuery)
export class ListProductsHandler implements IQueryHandler<ListProductsQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ companyId, filter, now }: ListProductsQuery): Promise<ProductListRow[]> {
    const pricing = await pricingFor(this.pool, companyId, filter.customerId, null, now);
    const ranged = Boolean(filter.dateFrom || filter.dateTo || pricing.customerId);
    const search = filter.search?.trim() ? `%${escapeLike(filter.search.trim().toUpperCase())}%` : null;
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
    const rows = await tenantQuery<ProductQueryRow & { customer_price_cents: string | null }>(
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
    return rows.map((row) => {
      const { price_cents: _, list_price: __, ...price } = pricing.price(row);
      return { ...toProductResponse(row), ...price };
    });
  }
}
