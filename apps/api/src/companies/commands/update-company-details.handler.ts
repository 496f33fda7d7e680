import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { UpdateCompanyDetails } from '#domain/companies/company.commands.js';
import { companyDecider, companyStream } from '#domain/companies/company.decide.js';
import {
  currentSubdomain,
  decideCompanyDetails,
  subdomainReservationDecider,
  subdomainStream,
  wantedSubdomain,
} from '#domain/companies/subdomain-reservation.decide.js';
import { EventAppender, streamDecision, type StreamDecision } from '#engine';
import { UpdateCompanyDetailsCommand } from './update-company-details.command.js';
import { WAITS_FOR } from '../../read-your-writes.js';

/** Attempts when the company's subdomain changed between choosing the streams and deciding. */
const MAX_ATTEMPTS = 5;

/** The company's subdomain changed after the reservation streams were chosen: choose them again. */
class SubdomainMoved extends Error {}

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
      const streams: Record<string, StreamDecision<any, any>> = {
        company: streamDecision(companyStream(data.companyId), companyDecider),
      };
      if (subdomains.claim)
        streams.claim = streamDecision(subdomainStream(subdomains.claim), subdomainReservationDecider);
      if (subdomains.release)
        streams.release = streamDecision(subdomainStream(subdomains.release), subdomainReservationDecider);
      try {
        await this.events.decideMany(
          streams,
          (states) => {
            if (currentSubdomain(states.company) !== current) throw new SubdomainMoved();
            return decideCompanyDetails(command, states as never, subdomains);
          },
          metadata,
          { waitFor: WAITS_FOR.company },
        );
        return;
      } catch (error) {
        if (!(error instanceof SubdomainMoved) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }
}
