import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventAppender } from '#engine';
import { companyDecision } from '../../companies/commands/company.decisions.js';
import { SwitchFeatureCommand } from './switch-feature.command.js';

@CommandHandler(SwitchFeatureCommand)
export class SwitchFeatureHandler implements ICommandHandler<SwitchFeatureCommand> {
  constructor(@Inject(EventAppender) private readonly events: EventAppender) {}

  async execute({ data, metadata, options }: SwitchFeatureCommand): Promise<void> {
    const { companyId } = metadata;
    const command = data.active
      ? {
          type: 'ActivateFeature' as const,
          data: { companyId, feature: data.feature, by: data.by, ignorePricing: data.ignorePricing },
          metadata,
        }
      : {
          type: 'DeactivateFeature' as const,
          data: { companyId, feature: data.feature, by: data.by },
          metadata,
        };
    await this.events.run(companyDecision(companyId, command), metadata, options);
  }
}
