import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { customerDecider, customerStream } from '../../../../../domain/customers/customer.decide.js';
import { EventAppender } from '../../infra/event-store/event-appender.js';
import { UpdateCustomerCommand } from './update-customer.command.js';

@CommandHandler(UpdateCustomerCommand)
export class UpdateCustomerHandler implements ICommandHandler<UpdateCustomerCommand> {
  constructor(@Inject(EventAppender) private readonly events: EventAppender) {}

  async execute({ data, metadata }: UpdateCustomerCommand): Promise<void> {
    await this.events.decide(customerDecider, customerStream(data.customerId), {
      type: 'UpdateCustomer',
      data,
      metadata,
    });
  }
}
