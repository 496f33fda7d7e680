import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { companyDecider, companyStream } from '../../../../../domain/companies/company.decide.js';
import { EventAppender } from '../../infra/event-store/event-appender.js';
import { UpdateCompanyDetailsCommand } from './update-company-details.command.js';

@CommandHandler(UpdateCompanyDetailsCommand)
export class UpdateCompanyDetailsHandler implements ICommandHandler<UpdateCompanyDetailsCommand> {
  constructor(@Inject(EventAppender) private readonly events: EventAppender) {}

  async execute({ data, metadata }: UpdateCompanyDetailsCommand): Promise<void> {
    await this.events.decide(companyDecider, companyStream(data.companyId), {
      type: 'UpdateCompanyDetails',
      data,
      metadata,
    });
  }
}
