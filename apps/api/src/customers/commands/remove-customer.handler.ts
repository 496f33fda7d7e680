import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { customerDecider, customerStream } from '#domain/customers/customer.decide.js';
import { EventAppender } from '#engine';
import { RemoveCustomerCommand } from './remove-customer.command.js';
import { WAITS_FOR } from '../../read-your-writes.js';

@CommandHandler(RemoveCustomerCommand)
export class RemoveCustomerHandler implements ICommandHandler<RemoveCustomerCommand> {
  constructor(@Inject(EventAppender) private readonly events: EventAppender) {}

  async execute({ customerId, metadata }: RemoveCustomerCommand): Promise<void> {
    await this.events.decide(
      customerDecider,
      customerStream(customerId),
      {
        type: 'RemoveCustomer',
        data: { customerId },
        metadata,
      },
      { waitFor: WAITS_FOR.customer },
    );
  }
}
