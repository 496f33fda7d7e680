import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { companyDecider, companyStream } from '#domain/companies/company.decide.js';
import { EventAppender } from '#engine';
import { AddPriceTierCommand } from './add-price-tier.command.js';
import { WAITS_FOR } from '../../read-your-writes.js';

@CommandHandler(AddPriceTierCommand)
export class AddPriceTierHandler implements ICommandHandler<AddPriceTierCommand> {
  constructor(@Inject(EventAppender) private readonly events: EventAppender) {}

  async execute({ data, metadata }: AddPriceTierCommand): Promise<void> {
    await this.events.decide(
      companyDecider,
      companyStream(metadata.companyId),
      {
        type: 'AddPriceTier',
        data: { companyId: metadata.companyId, ...data },
        metadata,
      },
      { waitFor: WAITS_FOR.priceTier },
    );
  }
}
