import { Command } from '@nestjs/cqrs';
import type { UpdateProduct } from '#domain/products/product.commands.js';
import type { CommandMetadata } from '#domain/shared/decider.js';

export class UpdateProductCommand extends Command<void> {
  constructor(
    readonly data: Omit<UpdateProduct['data'], 'context'>,
    readonly metadata: CommandMetadata,
  ) {
    super();
  }
}
