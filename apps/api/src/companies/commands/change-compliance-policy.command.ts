import { Command } from '@nestjs/cqrs';
import type { ChangeCompliancePolicy } from '#domain/companies/company.commands.js';
import type { CommandMetadata } from '#domain/shared/decider.js';

export class ChangeCompliancePolicyCommand extends Command<void> {
  constructor(
    readonly data: ChangeCompliancePolicy['data'],
    readonly metadata: CommandMetadata,
  ) {
    super();
  }
}
