import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { companyDecider, companyStream } from '#domain/companies/company.decide.js';
import { EventAppender } from '#engine';
import { UpdatePriceTierCommand } from './update-price-tier.command.js';
import { WAITS_FOR } from '../../read-your-writes.js';

@CommandHandler(UpdatePriceTierCommand)
export class UpdatePriceTierHandler implements ICommandHandler<UpdatePriceTierCommand> {
  constructor(@Inject(EventAppender) private readonly events: EventAppender) {}

  async execute({ data, metadata }: UpdatePriceTierCommand): Promise<void> {
    await this.events.decide(
      companyDecider,
      companyStream(metadata.companyId),
      {
        type: 'UpdatePriceTier',
        data: { companyId: metadata.companyId, ...data },
        metadata,
      },
      { waitFor: WAITS_FOR.priceTier },
    );
  }
}
