import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventAppender } from '#engine';
import { ChangeCompliancePolicyCommand } from './change-compliance-policy.command.js';
import { companyDecision } from './company.decisions.js';

/** PUT /company/{id}/compliance: CompliancePolicyChanged on `company-{id}` (nothing when nothing changes). */
@CommandHandler(ChangeCompliancePolicyCommand)
export class ChangeCompliancePolicyHandler implements ICommandHandler<ChangeCompliancePolicyCommand> {
  constructor(@Inject(EventAppender) private readonly events: EventAppender) {}

  async execute({ data, metadata }: ChangeCompliancePolicyCommand): Promise<void> {
    const command = { type: 'ChangeCompliancePolicy' as const, data, metadata };
    await this.events.run(companyDecision(data.companyId, command), metadata);
  }
}
