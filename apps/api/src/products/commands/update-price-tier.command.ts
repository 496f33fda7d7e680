import { Command } from '@nestjs/cqrs';
import type { UpdatePriceTier } from '#domain/companies/company.commands.js';
import type { CommandMetadata } from '#domain/shared/decider.js';

export class UpdatePriceTierCommand extends Command<void> {
  constructor(
    readonly data: Omit<UpdatePriceTier['data'], 'companyId'>,
    readonly metadata: CommandMetadata,
  ) {
    super();
  }
}
