import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '#domain/shared/decider.js';

export class RemoveCustomerCommand extends Command<void> {
  constructor(
    readonly customerId: string,
    readonly metadata: CommandMetadata,
  ) {
    super();
  }
}
