import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { companyDecider, companyStream } from '#domain/companies/company.decide.js';
import { EventAppender } from '#engine';
import { WAITS_FOR } from '../../read-your-writes.js';
import { ChangeCompliancePolicyCommand } from './change-compliance-policy.command.js';

/** PUT /company/{id}/compliance: CompliancePolicyChanged on `company-{id}` (nothing when nothing changes). */
@CommandHandler(ChangeCompliancePolicyCommand)
export class ChangeCompliancePolicyHandler implements ICommandHandler<ChangeCompliancePolicyCommand> {
  constructor(@Inject(EventAppender) private readonly events: EventAppender) {}

  async execute({ data, metadata }: ChangeCompliancePolicyCommand): Promise<void> {
    await this.events.decide(
      companyDecider,
      companyStream(data.companyId),
      { type: 'ChangeCompliancePolicy', data, metadata },
      { waitFor: WAITS_FOR.company },
    );
  }
}
