import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventAppender } from '#engine';
import { AddPriceTierCommand } from './add-price-tier.command.js';
import { priceTierDecision } from './product.decisions.js';

@CommandHandler(AddPriceTierCommand)
export class AddPriceTierHandler implements ICommandHandler<AddPriceTierCommand> {
  constructor(@Inject(EventAppender) private readonly events: EventAppender) {}

  async execute({ data, metadata }: AddPriceTierCommand): Promise<void> {
    await this.events.run(
      priceTierDecision({ type: 'AddPriceTier', data: { companyId: metadata.companyId, ...data }, metadata }),
      metadata,
    );
  }
}
