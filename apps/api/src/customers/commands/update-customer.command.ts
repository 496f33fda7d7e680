import { Command } from '@nestjs/cqrs';
import type { UpdateCustomer } from '#domain/customers/customer.commands.js';
import type { CommandMetadata } from '#domain/shared/decider.js';

export class UpdateCustomerCommand extends Command<void> {
  constructor(
    readonly data: UpdateCustomer['data'],
    readonly metadata: CommandMetadata,
  ) {
    super();
  }
}
