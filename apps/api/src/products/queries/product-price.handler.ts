import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { productError } from '#domain/products/product.errors.js';
import { listPriceSql } from '#projections/products/product.projection.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { pricingFor } from './customer-pricing.js';
import { ProductPriceQuery, type ProductPriceResponse } from './product-price.query.js';

@QueryHandler(ProductPriceQuery)
export class ProductPriceHandler implements IQueryHandler<ProductPriceQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({
    companyId,
    productId,
    customerId,
    date,
    now,
  }: ProductPriceQuery): Promise<ProductPriceResponse> {
    const pricing = await pricingFor(this.pool, companyId, customerId, date, now);
    const [row] = await tenantQuery<{
      list_price_cents: string;
      customer_price_cents: string | null;
      last_purchase_price_cents: string;
    }>(
      this.pool,
      companyId,
      `SELECT ${listPriceSql('$3::date')} AS list_price_cents, p.last_purchase_price_cents,
              CASE WHEN $4::uuid IS NULL THEN NULL ELSE rm_product_price_at(p.price_changes, $4::uuid, $3::date) END
                AS customer_price_cents
       FROM rm_product p WHERE p.company_id = $1 AND p.id = $2 AND p.deleted_at IS NULL`,
      [productId, pricing.day, pricing.customerId],
    );
    if (!row) throw productError('PRODUCT_NOT_FOUND');
    const { price_cents: _, ...price } = pricing.price(row);
    return { product_id: productId, customer_id: pricing.customerId, date: pricing.day, ...price };
  }
}
