import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { productError } from '#domain/products/product.errors.js';
import { businessDate } from '#domain/shared/business-date.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { companyPricingSettings } from '../product-context.js';
import { findProduct } from '../product.response.js';
import { GetProductQuery } from './get-product.query.js';

@QueryHandler(GetProductQuery)
export class GetProductHandler implements IQueryHandler<GetProductQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ companyId, productId, now }: GetProductQuery) {
    const { timeZone } = await companyPricingSettings(this.pool, companyId);
    const product = await findProduct(this.pool, companyId, productId, businessDate(now, timeZone));
    if (!product) throw productError('PRODUCT_NOT_FOUND');
    return product;
  }
}
