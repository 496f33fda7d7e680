import { Command } from '@nestjs/cqrs';
import type { UpdateCompanyDetails } from '#domain/companies/company.commands.js';
import type { CommandMetadata } from '#domain/shared/decider.js';

export class UpdateCompanyDetailsCommand extends Command<void> {
  constructor(
    readonly data: UpdateCompanyDetails['data'],
    readonly metadata: CommandMetadata,
  ) {
    super();
  }
}
