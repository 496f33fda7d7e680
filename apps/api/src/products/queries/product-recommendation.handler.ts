import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ProductRecommendationAnswer } from '#domain/contracts/product.contract.js';
import { customerError } from '#domain/customers/customer.errors.js';
import { recommend } from '#domain/products/recommendations.js';
import { businessDate, DEFAULT_TIME_ZONE } from '#domain/shared/business-date.js';
import { ProductRecommendationQuery } from './product-recommendation.query.js';
import { ProductSuggestionsQuery } from './product-suggestions.query.js';
import { ProductReader } from './product.reader.js';

/**
 * Recommendations from the read models (`rm_product_sale_line`: counted lines of the last year, through its customer
 * and product indexes), decided by `recommend` (domain/products/recommendations.ts), then priced exactly as the
 * builder's search prices them (ProductSuggestionsQuery by ids), so a click adds the line at the customer's price.
 */
@QueryHandler(ProductRecommendationQuery)
export class ProductRecommendationHandler implements IQueryHandler<ProductRecommendationQuery> {
  constructor(
    @Inject(ProductReader) private readonly reader: ProductReader,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  async execute(query: ProductRecommendationQuery): Promise<ProductRecommendationAnswer> {
    const { companyId, customerId, now, asOf } = query;
    const customer = await this.reader.customerTimeZone(companyId, customerId);
    if (!customer) throw customerError('CUSTOMER_NOT_FOUND');
    const today = asOf ?? businessDate(now, customer.time_zone || DEFAULT_TIME_ZONE);
    const [history, peers] = await Promise.all([
      this.reader.purchaseDays(companyId, customerId, today),
      this.reader.peers(companyId, customerId, today),
    ]);
    const chosen = recommend(
      today,
      history.map((row) => ({ productId: row.product_id, days: row.days })),
      peers,
    );
    const priced = await this.priced(
      query,
      chosen.map((r) => r.productId),
    );
    const byId = new Map(priced.map((product) => [product.id, product]));
    return {
      recommendation: chosen.flatMap((r) => {
        const product = byId.get(r.productId); // archived or deleted since: not offered
        return product ? [{ product, kind: r.kind, reason: r.reason }] : [];
      }),
    };
  }

  /** The products chosen, priced exactly as the builder's search prices them (archived or deleted ones are absent). */
  private priced({ companyId, customerId, now }: ProductRecommendationQuery, ids: string[]) {
    return this.queries.execute(
      new ProductSuggestionsQuery(
        companyId,
        { query: '', ids, customerId, excludeIds: [], excludeSourceIds: [], limit: ids.length },
        now,
      ),
    );
  }
}
