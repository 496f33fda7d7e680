import { assertNever, type CommandMetadata, type Decider } from '../shared/decider.js';
import { DomainError } from '../shared/domain-error.js';
import type { UpdateCompanyDetails } from './company.commands.js';
import { companyDecider } from './company.decide.js';
import type { CompanyEvent } from './company.events.js';
import type { Company } from './company.state.js';

/**
 * A subdomain routes the customers' order app to one company, so it is unique across companies. Each subdomain
 * (lower-cased) has its own stream, `company-subdomain-{subdomain}`, whose decider claims it for one company and
 * releases it; the company's settings update appends to `company-{id}` and to these streams atomically, so two
 * companies racing for one subdomain cannot both win.
 */
export interface SubdomainClaimed {
  type: 'SubdomainClaimed';
  data: { subdomain: string; companyId: string; claimedAt: string };
}

export interface SubdomainReleased {
  type: 'SubdomainReleased';
  data: { subdomain: string; companyId: string; releasedAt: string };
}

export type SubdomainReservationEvent = SubdomainClaimed | SubdomainReleased;

export interface ClaimSubdomain {
  type: 'ClaimSubdomain';
  data: { subdomain: string; companyId: string };
  metadata: CommandMetadata;
}

export interface ReleaseSubdomain {
  type: 'ReleaseSubdomain';
  data: { subdomain: string; companyId: string };
  metadata: CommandMetadata;
}

export type SubdomainReservationCommand = ClaimSubdomain | ReleaseSubdomain;

export type SubdomainReservation = { status: 'free' } | { status: 'claimed'; companyId: string };

export const SUBDOMAIN_TAKEN = 'This subdomain is taken by another company.';

/** A field problem on `subdomain`, so the settings form shows it next to the field. */
export const subdomainTaken = () =>
  new DomainError('SUBDOMAIN_TAKEN', 'conflict', SUBDOMAIN_TAKEN, [
    { field: 'subdomain', message: SUBDOMAIN_TAKEN },
  ]);

const initialState = (): SubdomainReservation => ({ status: 'free' });

const evolve = (state: SubdomainReservation, event: SubdomainReservationEvent): SubdomainReservation => {
  switch (event.type) {
    case 'SubdomainClaimed':
      return { status: 'claimed', companyId: event.data.companyId };
    case 'SubdomainReleased':
      return { status: 'free' };
    default:
      return state;
  }
};

const claim = ({ data, metadata }: ClaimSubdomain, state: SubdomainReservation): SubdomainClaimed[] => {
  if (state.status === 'claimed') {
    if (state.companyId === data.companyId) return []; // its own already
    throw subdomainTaken();
  }
  return [
    {
      type: 'SubdomainClaimed',
      data: { subdomain: data.subdomain, companyId: data.companyId, claimedAt: metadata.now },
    },
  ];
};

const release = ({ data, metadata }: ReleaseSubdomain, state: SubdomainReservation): SubdomainReleased[] => {
  // Only its holder releases it: a company that never claimed it (saved before reservations) has nothing to give up.
  if (state.status !== 'claimed' || state.companyId !== data.companyId) return [];
  return [
    {
      type: 'SubdomainReleased',
      data: { subdomain: data.subdomain, companyId: data.companyId, releasedAt: metadata.now },
    },
  ];
};

const decide = (
  command: SubdomainReservationCommand,
  state: SubdomainReservation,
): SubdomainReservationEvent[] => {
  switch (command.type) {
    case 'ClaimSubdomain':
      return claim(command, state);
    case 'ReleaseSubdomain':
      return release(command, state);
    default:
      return assertNever(command);
  }
};

export const subdomainReservationDecider: Decider<
  SubdomainReservation,
  SubdomainReservationCommand,
  SubdomainReservationEvent
> = { decide, evolve, initialState };

export const subdomainStream = (subdomain: string) => `company-subdomain-${subdomain}`;

/** The subdomain a company's current state holds (lower-cased as saved), or null. */
export const currentSubdomain = (company: Company): string | null =>
  company.status === 'registered' ? company.details.subdomain : null;

/** The subdomain the settings form asks for, as it would be saved: the current one when left out. */
export const wantedSubdomain = (data: UpdateCompanyDetails['data'], current: string | null): string | null =>
  data.subdomain === undefined ? current : (data.subdomain ?? '').trim().toLowerCase() || null;

/**
 * The settings update over the company and the reservation streams it touches: `claim` is the wanted subdomain's
 * stream, `release` the one the company leaves. The company's own events come first (every field rule); then the
 * wanted subdomain is claimed, also when it did not change: a company that saved it before reservations existed
 * claims it at its next save, and is told it is taken if another company claimed it meanwhile.
 */
export function decideCompanyDetails(
  command: UpdateCompanyDetails,
  states: { company: Company; claim?: SubdomainReservation; release?: SubdomainReservation },
  subdomains: { claim?: string; release?: string },
): { company: CompanyEvent[]; claim?: SubdomainReservationEvent[]; release?: SubdomainReservationEvent[] } {
  const company = companyDecider.decide(command, states.company);
  const companyId = command.data.companyId;
  const metadata = command.metadata;
  const decided: ReturnType<typeof decideCompanyDetails> = { company };
  if (states.claim && subdomains.claim)
    decided.claim = decide(
      { type: 'ClaimSubdomain', data: { subdomain: subdomains.claim, companyId }, metadata },
      states.claim,
    );
  if (states.release && subdomains.release)
    decided.release = decide(
      { type: 'ReleaseSubdomain', data: { subdomain: subdomains.release, companyId }, metadata },
      states.release,
    );
  return decided;
}
