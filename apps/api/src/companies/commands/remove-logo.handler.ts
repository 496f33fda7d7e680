import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventAppender } from '#engine';
import { companyDecision } from './company.decisions.js';
import { RemoveLogoCommand } from './remove-logo.command.js';

/** The file is kept: invoices printed with the logo still name it (see company-logo.projection.ts). */
@CommandHandler(RemoveLogoCommand)
export class RemoveLogoHandler implements ICommandHandler<RemoveLogoCommand> {
  constructor(@Inject(EventAppender) private readonly events: EventAppender) {}

  async execute({ logoId, metadata }: RemoveLogoCommand): Promise<void> {
    const data = { companyId: metadata.companyId, logoId };
    await this.events.run(
      companyDecision(metadata.companyId, { type: 'RemoveLogo', data, metadata }),
      metadata,
    );
  }
}
