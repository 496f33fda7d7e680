import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { companyDecider, companyStream } from '#domain/companies/company.decide.js';
import { EventAppender } from '#engine';
import { ChoosePriceTierBaseCommand } from './choose-price-tier-base.command.js';
import { WAITS_FOR } from '../../read-your-writes.js';

@CommandHandler(ChoosePriceTierBaseCommand)
export class ChoosePriceTierBaseHandler implements ICommandHandler<ChoosePriceTierBaseCommand> {
  constructor(@Inject(EventAppender) private readonly events: EventAppender) {}

  async execute({ base, metadata }: ChoosePriceTierBaseCommand): Promise<void> {
    await this.events.decide(
      companyDecider,
      companyStream(metadata.companyId),
      {
        type: 'ChoosePriceTierBase',
        data: { companyId: metadata.companyId, base },
        metadata,
      },
      { waitFor: WAITS_FOR.priceTier },
    );
  }
}
