import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { toProductResponse } from '../product.response.js';
import { ListProductsQuery, type ProductListRow } from './list-products.query.js';
import { ProductReader } from './product.reader.js';

@QueryHandler(ListProductsQuery)
export class ListProductsHandler implements IQueryHandler<ListProductsQuery> {
  constructor(@Inject(ProductReader) private readonly reader: ProductReader) {}

  async execute(query: ListProductsQuery): Promise<ProductListRow[]> {
    const { companyId, filter, now } = query;
    const pricing = await this.reader.pricing(companyId, filter.customerId, now);
    const rows = await this.reader.list(query, pricing);
    return rows.map((row) => {
      const { price_cents: _, list_price: __, ...price } = pricing.price(row);
      return { ...toProductResponse(row), ...price };
    });
  }
}
