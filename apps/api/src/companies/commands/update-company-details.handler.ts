import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { UpdateCompanyDetails } from '#domain/companies/company.commands.js';
import { companyDecider, companyStream } from '#domain/companies/company.decide.js';
import { currentSubdomain, wantedSubdomain } from '#domain/companies/subdomain-reservation.decide.js';
import { EventAppender } from '#engine';
import { companyDetailsDecision, SubdomainMoved } from './company.decisions.js';
import { UpdateCompanyDetailsCommand } from './update-company-details.command.js';

/** Attempts when the company's subdomain changed between choosing the streams and deciding. */
const MAX_ATTEMPTS = 5;

/**
 * Saves the settings form: CompanyDetailsUpdated on `company-{id}`, and in the same atomic append the claim of the
 * wanted subdomain (`company-subdomain-{subdomain}`) and the release of the one the company leaves. Which
 * reservation streams take part depends on the company's current subdomain, read first; the decision checks it is
 * still the same (else it starts over), and the company stream's revision covers the rest.
 */
@CommandHandler(UpdateCompanyDetailsCommand)
export class UpdateCompanyDetailsHandler implements ICommandHandler<UpdateCompanyDetailsCommand> {
  constructor(@Inject(EventAppender) private readonly events: EventAppender) {}

  async execute({ data, metadata }: UpdateCompanyDetailsCommand): Promise<void> {
    const command: UpdateCompanyDetails = { type: 'UpdateCompanyDetails', data, metadata };
    for (let attempt = 1; ; attempt++) {
      const { state } = await this.events.load(companyStream(data.companyId), companyDecider);
      const current = currentSubdomain(state);
      const wanted = wantedSubdomain(data, current);
      const subdomains = {
        ...(wanted ? { claim: wanted } : {}),
        ...(current && current !== wanted ? { release: current } : {}),
      };
      try {
        await this.events.run(companyDetailsDecision(command, current, subdomains), metadata);
        return;
      } catch (error) {
        if (!(error instanceof SubdomainMoved) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }
}
