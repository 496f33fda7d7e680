import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { runGrid } from '#infra/grid/index.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { productGrid } from './product-grid.js';
import { ProductGridQuery } from './product-grid.query.js';

/** Does the request's filter model name the archived column? (Then archived products are in play.) */
function filtersArchived(filterModel: unknown): boolean {
  if (typeof filterModel === 'string') {
    try {
      return filtersArchived(JSON.parse(filterModel));
    } catch {
      return false; // runGrid reports the malformed model
    }
  }
  return typeof filterModel === 'object' && filterModel !== null && Object.hasOwn(filterModel, 'archived');
}

@QueryHandler(ProductGridQuery)
export class ProductGridHandler implements IQueryHandler<ProductGridQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  execute({ companyId, params }: ProductGridQuery) {
    const grid = filtersArchived(params.filterModel) ? productGrid.all : productGrid.current;
    return runGrid(this.pool, grid, params, companyId);
  }
}
