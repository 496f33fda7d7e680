import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { customerDecider, customerStream } from '../../../../../domain/customers/customer.decide.js';
import { EventAppender } from '../../infra/event-store/event-appender.js';
import { CreateCustomerCommand } from './create-customer.command.js';

@CommandHandler(CreateCustomerCommand)
export class CreateCustomerHandler implements ICommandHandler<CreateCustomerCommand> {
  constructor(@Inject(EventAppender) private readonly events: EventAppender) {}

  async execute({ data, metadata, options }: CreateCustomerCommand): Promise<void> {
    await this.events.decide(
      customerDecider,
      customerStream(data.customerId),
      { type: 'CreateCustomer', data, metadata },
      options,
    );
  }
}
