import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { companyDecider, companyStream } from '#domain/companies/company.decide.js';
import { EventAppender } from '#engine';
import { ChooseDefaultLogoCommand } from './choose-default-logo.command.js';
import { WAITS_FOR } from '../../read-your-writes.js';

@CommandHandler(ChooseDefaultLogoCommand)
export class ChooseDefaultLogoHandler implements ICommandHandler<ChooseDefaultLogoCommand> {
  constructor(@Inject(EventAppender) private readonly events: EventAppender) {}

  async execute({ logoId, metadata }: ChooseDefaultLogoCommand): Promise<void> {
    await this.events.decide(
      companyDecider,
      companyStream(metadata.companyId),
      {
        type: 'ChooseDefaultLogo',
        data: { companyId: metadata.companyId, logoId },
        metadata,
      },
      { waitFor: WAITS_FOR.company },
    );
  }
}
