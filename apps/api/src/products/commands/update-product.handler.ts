import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { productError, productInvalid } from '#domain/products/product.errors.js';
import { PRODUCT_MESSAGES, sameProductKey } from '#domain/products/product.rules.js';
import { isBlank, isUuid } from '#domain/shared/field-rules.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { EventAppender } from '#engine';
import { PG_POOL } from '#infra/projections.provider.js';
import { customerTier, productContext } from '../product-context.js';
import { productDecision } from './product.decisions.js';
import { UpdateProductCommand } from './update-product.command.js';

/**
 * Looks up what the decision needs beyond the product's stream: "the same product" for the name, size and type
 * the edit results in (from the read model's current values for fields left out), the integrations, and that a
 * customer-specific price names a customer of the company.
 */
@CommandHandler(UpdateProductCommand)
export class UpdateProductHandler implements ICommandHandler<UpdateProductCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ data, metadata }: UpdateProductCommand): Promise<void> {
    const context = await this.context(data, metadata.companyId);
    await this.events.run(
      productDecision(data.productId, { type: 'UpdateProduct', data: { ...data, context }, metadata }),
      metadata,
    );
  }

  /** The product's context for the edit: 404 for a product that is gone, 400 for a customer not of the company. */
  private async context(data: UpdateProductCommand['data'], companyId: string) {
    const [current] = await tenantQuery<{ product: string; product_size: string; product_type: string }>(
      this.pool,
      companyId,
      `SELECT product, product_size, product_type FROM rm_product
       WHERE company_id = $1 AND id = $2 AND deleted_at IS NULL`,
      [data.productId],
    );
    if (!current) throw productError('PRODUCT_NOT_FOUND');
    const customerId = data.customerId?.trim();
    if (!isBlank(customerId) && isUuid(customerId!)) {
      const customer = await customerTier(this.pool, companyId, customerId!.toLowerCase());
      if (!customer)
        throw productInvalid([{ field: 'customerId', message: PRODUCT_MESSAGES.customerNotFound }]);
    }
    const key = sameProductKey(
      data.name ?? current.product,
      data.size ?? current.product_size,
      data.type ?? current.product_type,
    );
    return productContext(this.pool, companyId, data.productId, key);
  }
}
