import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { productDecider } from '#domain/products/product.decide.js';
import { productStream } from '#domain/products/product.events.js';
import { sameProductKey } from '#domain/products/product.rules.js';
import { EventAppender } from '#engine';
import { PG_POOL } from '#infra/projections.provider.js';
import { productContext } from '../product-context.js';
import { CreateProductCommand } from './create-product.command.js';
import { WAITS_FOR } from '../../read-your-writes.js';

@CommandHandler(CreateProductCommand)
export class CreateProductHandler implements ICommandHandler<CreateProductCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ data, metadata, options }: CreateProductCommand): Promise<void> {
    const key = sameProductKey(data.name, data.size, data.type);
    const context = await productContext(this.pool, metadata.companyId, data.productId, key);
    await this.events.decide(
      productDecider,
      productStream(data.productId),
      { type: 'CreateProduct', data: { ...data, context }, metadata },
      { waitFor: WAITS_FOR.product, ...options },
    );
  }
}
