import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { companyDecider, companyStream } from '#domain/companies/company.decide.js';
import { EventAppender } from '#engine';
import { RemoveLogoCommand } from './remove-logo.command.js';
import { WAITS_FOR } from '../../read-your-writes.js';

/** The file is kept: invoices printed with the logo still name it (see company-logo.projection.ts). */
@CommandHandler(RemoveLogoCommand)
export class RemoveLogoHandler implements ICommandHandler<RemoveLogoCommand> {
  constructor(@Inject(EventAppender) private readonly events: EventAppender) {}

  async execute({ logoId, metadata }: RemoveLogoCommand): Promise<void> {
    await this.events.decide(
      companyDecider,
      companyStream(metadata.companyId),
      {
        type: 'RemoveLogo',
        data: { companyId: metadata.companyId, logoId },
        metadata,
      },
      { waitFor: WAITS_FOR.company },
    );
  }
}
