import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '#domain/shared/decider.js';

export class DeleteProductCommand extends Command<void> {
  constructor(
    readonly productId: string,
    readonly metadata: CommandMetadata,
  ) {
    super();
  }
}
