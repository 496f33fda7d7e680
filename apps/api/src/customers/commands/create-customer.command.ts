import { Command } from '@nestjs/cqrs';
import type { CreateCustomer } from '#domain/customers/customer.commands.js';
import type { CommandMetadata } from '#domain/shared/decider.js';

export class CreateCustomerCommand extends Command<void> {
  constructor(
    readonly data: CreateCustomer['data'],
    readonly metadata: CommandMetadata,
    /** The CLI runs no projections: it does not wait for them. */
    readonly options: { waitForProjections?: boolean } = {},
  ) {
    super();
  }
}
