import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventAppender } from '#engine';
import { RemoveCustomerCommand } from './remove-customer.command.js';
import { customerDecision } from './customer.decisions.js';

@CommandHandler(RemoveCustomerCommand)
export class RemoveCustomerHandler implements ICommandHandler<RemoveCustomerCommand> {
  constructor(@Inject(EventAppender) private readonly events: EventAppender) {}

  async execute({ customerId, metadata }: RemoveCustomerCommand): Promise<void> {
    const command = { type: 'RemoveCustomer' as const, data: { customerId }, metadata };
    await this.events.run(customerDecision(customerId, command), metadata);
  }
}
