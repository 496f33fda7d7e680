import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventAppender } from '#engine';
import { ChoosePriceTierBaseCommand } from './choose-price-tier-base.command.js';
import { priceTierDecision } from './product.decisions.js';

@CommandHandler(ChoosePriceTierBaseCommand)
export class ChoosePriceTierBaseHandler implements ICommandHandler<ChoosePriceTierBaseCommand> {
  constructor(@Inject(EventAppender) private readonly events: EventAppender) {}

  async execute({ base, metadata }: ChoosePriceTierBaseCommand): Promise<void> {
    await this.events.run(
      priceTierDecision({
        type: 'ChoosePriceTierBase',
        data: { companyId: metadata.companyId, base },
        metadata,
      }),
      metadata,
    );
  }
}
