import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { EventAppender } from '#engine';
import { PG_POOL } from '#infra/projections.provider.js';
import { productContext } from '../product-context.js';
import { DeleteProductCommand } from './delete-product.command.js';
import { productDecision } from './product.decisions.js';

/** Invoice history comes from the product sales read model (filled by invoices; empty until they exist). */
@CommandHandler(DeleteProductCommand)
export class DeleteProductHandler implements ICommandHandler<DeleteProductCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ productId, metadata }: DeleteProductCommand): Promise<void> {
    const [sales] = await tenantQuery<{ invoice_count: number }>(
      this.pool,
      metadata.companyId,
      'SELECT invoice_count FROM rm_product_sales WHERE company_id = $1 AND product_id = $2',
      [productId],
    );
    const context = await productContext(this.pool, metadata.companyId, productId, null);
    const data = { productId, hasInvoiceHistory: (sales?.invoice_count ?? 0) > 0, context };
    await this.events.run(productDecision(productId, { type: 'DeleteProduct', data, metadata }), metadata);
  }
}
