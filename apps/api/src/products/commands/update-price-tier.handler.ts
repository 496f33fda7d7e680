import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventAppender } from '#engine';
import { UpdatePriceTierCommand } from './update-price-tier.command.js';
import { priceTierDecision } from './product.decisions.js';

@CommandHandler(UpdatePriceTierCommand)
export class UpdatePriceTierHandler implements ICommandHandler<UpdatePriceTierCommand> {
  constructor(@Inject(EventAppender) private readonly events: EventAppender) {}

  async execute({ data, metadata }: UpdatePriceTierCommand): Promise<void> {
    await this.events.run(
      priceTierDecision({
        type: 'UpdatePriceTier',
        data: { companyId: metadata.companyId, ...data },
        metadata,
      }),
      metadata,
    );
  }
}
