import type { CompanyCommand, UpdateCompanyDetails } from '#domain/companies/company.commands.js';
import { companyDecider, companyStream } from '#domain/companies/company.decide.js';
import {
  currentSubdomain,
  decideCompanyDetails,
  subdomainReservationDecider,
  subdomainStream,
} from '#domain/companies/subdomain-reservation.decide.js';
import { declareDecision, streamDecision } from '#engine';
import { WAITS_FOR } from '../../read-your-writes.js';

/**
 * The company writes, declared: the streams each decides over, its domain decision and the read models its answer
 * waits for.
 */

/** A command on the company's own stream (a logo added, removed or chosen, the compliance policy changed). */
export function companyDecision(companyId: string, command: CompanyCommand) {
  return declareDecision({
    streams: { company: streamDecision(companyStream(companyId), companyDecider) },
    decide: ({ company }) => ({ company: companyDecider.decide(command, company) }),
    waitFor: WAITS_FOR.company,
  });
}

/** The company's subdomain changed after the reservation streams were chosen: choose them again. */
export class SubdomainMoved extends Error {}

/**
 * The settings form saved: CompanyDetailsUpdated on `company-{id}`, and in the same atomic append the claim of the
 * wanted subdomain and the release of the one the company leaves. The reservation streams were chosen from the
 * company's `current` subdomain; the decision throws SubdomainMoved when it is no longer the same.
 */
export function companyDetailsDecision(
  command: UpdateCompanyDetails,
  current: string | null,
  subdomains: { claim?: string; release?: string },
) {
  const reservation = (subdomain: string) =>
    streamDecision(subdomainStream(subdomain), subdomainReservationDecider);
  return declareDecision({
    streams: {
      company: streamDecision(companyStream(command.data.companyId), companyDecider),
      ...(subdomains.claim ? { claim: reservation(subdomains.claim) } : {}),
      ...(subdomains.release ? { release: reservation(subdomains.release) } : {}),
    },
    decide: (states) => {
      if (currentSubdomain(states.company) !== current) throw new SubdomainMoved();
      return decideCompanyDetails(command, states, subdomains);
    },
    waitFor: WAITS_FOR.company,
  });
}
