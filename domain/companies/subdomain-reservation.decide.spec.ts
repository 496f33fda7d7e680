import { fold } from '../shared/decider.js';
import { deciderSpec } from '../shared/decider-spec.js';
import { DomainError } from '../shared/domain-error.js';
import { companyDecider } from './company.decide.js';
import {
  aCompanyDetailsUpdated,
  aCompanyRegistered,
  anUpdateCompanyDetails,
  metadata,
  NOW,
} from './company.fixtures.js';
import {
  decideCompanyDetails,
  subdomainReservationDecider,
  type SubdomainClaimed,
  type SubdomainReleased,
} from './subdomain-reservation.decide.js';

const given = deciderSpec(subdomainReservationDecider);

const aClaimSubdomain = (companyId = 'co-1', subdomain = 'acme') =>
  ({ type: 'ClaimSubdomain', data: { subdomain, companyId }, metadata: metadata({ companyId }) }) as const;
const aReleaseSubdomain = (companyId = 'co-1', subdomain = 'acme') =>
  ({ type: 'ReleaseSubdomain', data: { subdomain, companyId }, metadata: metadata({ companyId }) }) as const;
const aSubdomainClaimed = (companyId = 'co-1', subdomain = 'acme'): SubdomainClaimed => ({
  type: 'SubdomainClaimed',
  data: { subdomain, companyId, claimedAt: NOW },
});
const aSubdomainReleased = (companyId = 'co-1', subdomain = 'acme'): SubdomainReleased => ({
  type: 'SubdomainReleased',
  data: { subdomain, companyId, releasedAt: NOW },
});

describe('Subdomain reservation', () => {
  describe('when nobody holds it', () => {
    it('is claimed by a company', () => given([]).when(aClaimSubdomain()).then([aSubdomainClaimed()]));

    it('has nothing to release', () => given([]).when(aReleaseSubdomain()).then([]));
  });

  describe('when a company holds it', () => {
    it('records nothing when the same company claims it again', () =>
      given([aSubdomainClaimed()]).when(aClaimSubdomain()).then([]));

    it('refuses another company, with a field problem on subdomain', () => {
      given([aSubdomainClaimed()])
        .when(aClaimSubdomain('co-2'))
        .thenThrows('This subdomain is taken by another company.');
      try {
        subdomainReservationDecider.decide(
          aClaimSubdomain('co-2'),
          fold(subdomainReservationDecider, [aSubdomainClaimed()]),
        );
      } catch (error) {
        expect(error).toBeInstanceOf(DomainError);
        expect((error as DomainError).kind).toBe('conflict');
        expect((error as DomainError).details).toEqual([
          { field: 'subdomain', message: 'This subdomain is taken by another company.' },
        ]);
      }
    });

    it('is released by its holder', () =>
      given([aSubdomainClaimed()]).when(aReleaseSubdomain()).then([aSubdomainReleased()]));

    it('is not released by another company', () =>
      given([aSubdomainClaimed()]).when(aReleaseSubdomain('co-2')).then([]));
  });

  describe('when released', () => {
    it('is claimed by another company', () =>
      given([aSubdomainClaimed(), aSubdomainReleased()])
        .when(aClaimSubdomain('co-2'))
        .then([aSubdomainClaimed('co-2')]));
  });
});

describe('Company details with their subdomain', () => {
  const company = (...events: Parameters<typeof companyDecider.evolve>[1][]) =>
    fold(companyDecider, [aCompanyRegistered(), ...events]);
  const free = subdomainReservationDecider.initialState();

  it('saves the details and claims the new subdomain in one decision', () =>
    expect(
      decideCompanyDetails(
        anUpdateCompanyDetails({ subdomain: 'Acme' }),
        { company: company(), claim: free },
        { claim: 'acme' },
      ),
    ).toEqual({ company: [aCompanyDetailsUpdated({ subdomain: 'acme' })], claim: [aSubdomainClaimed()] }));

  it('releases the subdomain the company leaves', () =>
    expect(
      decideCompanyDetails(
        anUpdateCompanyDetails({ subdomain: 'acme-2' }),
        {
          company: company(aCompanyDetailsUpdated({ subdomain: 'acme' })),
          claim: free,
          release: fold(subdomainReservationDecider, [aSubdomainClaimed()]),
        },
        { claim: 'acme-2', release: 'acme' },
      ),
    ).toEqual({
      company: [aCompanyDetailsUpdated({ subdomain: 'acme-2' })],
      claim: [aSubdomainClaimed('co-1', 'acme-2')],
      release: [aSubdomainReleased()],
    }));

  it('claims a subdomain saved before reservations existed at the next save, even unchanged', () =>
    expect(
      decideCompanyDetails(
        anUpdateCompanyDetails({ subdomain: 'acme' }),
        { company: company(aCompanyDetailsUpdated({ subdomain: 'acme' })), claim: free },
        { claim: 'acme' },
      ),
    ).toEqual({ company: [], claim: [aSubdomainClaimed()] }));

  it('refuses a subdomain another company holds', () =>
    expect(() =>
      decideCompanyDetails(
        anUpdateCompanyDetails({ subdomain: 'acme' }),
        { company: company(), claim: fold(subdomainReservationDecider, [aSubdomainClaimed('co-2')]) },
        { claim: 'acme' },
      ),
    ).toThrow('This subdomain is taken by another company.'));
});
