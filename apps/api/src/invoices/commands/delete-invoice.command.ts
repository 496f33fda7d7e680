import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '#domain/shared/decider.js';

export class DeleteInvoiceCommand extends Command<void> {
  constructor(
    readonly metadata: CommandMetadata,
    readonly idOrNumber: string,
    readonly byOwner: boolean,
  ) {
    super();
  }
}
