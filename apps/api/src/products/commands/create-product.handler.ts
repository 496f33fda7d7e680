import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { sameProductKey } from '#domain/products/product.rules.js';
import { EventAppender } from '#engine';
import { PG_POOL } from '#infra/projections.provider.js';
import { productContext } from '../product-context.js';
import { CreateProductCommand } from './create-product.command.js';
import { productDecision } from './product.decisions.js';

@CommandHandler(CreateProductCommand)
export class CreateProductHandler implements ICommandHandler<CreateProductCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ data, metadata, options }: CreateProductCommand): Promise<void> {
    const key = sameProductKey(data.name, data.size, data.type);
    const context = await productContext(this.pool, metadata.companyId, data.productId, key);
    const decision = productDecision(data.productId, {
      type: 'CreateProduct',
      data: { ...data, context },
      metadata,
    });
    await this.events.run(decision, metadata, options);
  }
}
