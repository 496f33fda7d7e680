import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { companyDecider, companyStream } from '#domain/companies/company.decide.js';
import { EventAppender } from '#engine';
import { SwitchFeatureCommand } from './switch-feature.command.js';
import { WAITS_FOR } from '../../read-your-writes.js';

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
    await this.events.decide(companyDecider, companyStream(companyId), command, {
      waitFor: WAITS_FOR.company,
      ...options,
    });
  }
}
