import { Command } from '@nestjs/cqrs';
import type { AddPriceTier } from '#domain/companies/company.commands.js';
import type { CommandMetadata } from '#domain/shared/decider.js';

export class AddPriceTierCommand extends Command<void> {
  constructor(
    readonly data: Omit<AddPriceTier['data'], 'companyId'>,
    readonly metadata: CommandMetadata,
  ) {
    super();
  }
}
