import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventAppender } from '#engine';
import { companyDecision } from './company.decisions.js';
import { ChooseDefaultLogoCommand } from './choose-default-logo.command.js';

@CommandHandler(ChooseDefaultLogoCommand)
export class ChooseDefaultLogoHandler implements ICommandHandler<ChooseDefaultLogoCommand> {
  constructor(@Inject(EventAppender) private readonly events: EventAppender) {}

  async execute({ logoId, metadata }: ChooseDefaultLogoCommand): Promise<void> {
    const data = { companyId: metadata.companyId, logoId };
    await this.events.run(
      companyDecision(metadata.companyId, { type: 'ChooseDefaultLogo', data, metadata }),
      metadata,
    );
  }
}
