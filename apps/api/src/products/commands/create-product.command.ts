import { Command } from '@nestjs/cqrs';
import type { CreateProduct } from '#domain/products/product.commands.js';
import type { CommandMetadata } from '#domain/shared/decider.js';

export class CreateProductCommand extends Command<void> {
  constructor(
    readonly data: Omit<CreateProduct['data'], 'context'>,
    readonly metadata: CommandMetadata,
    /** The CLI and the bench run no projections: they do not wait for them. */
    readonly options: { waitForProjections?: boolean } = {},
  ) {
    super();
  }
}
