import { carriesStampedLiquor, licenceProblem } from './licence-guard.js';

const licence = {
  licenceId: '1234567',
  licenceType: 'MB',
  primaryStatus: 'Active',
  expirationOn: '2027-05-04',
};

describe('Licence guard', () => {
  it('lets an active, unexpired MB, N or NE licence receive stamped liquor', () => {
    for (const type of ['MB', 'N', 'NE', 'mb'])
      expect(licenceProblem({ ...licence, licenceType: type }, '2026-11-27', true)).toBeNull();
    expect(licenceProblem({ ...licence, primaryStatus: 'ACTIVE ' }, '2026-11-27', true)).toBeNull();
    expect(licenceProblem({ ...licence, expirationOn: null }, '2026-11-27', true)).toBeNull();
  });

  it('names another licence type, a status other than Active, and an expired licence', () => {
    expect(licenceProblem({ ...licence, licenceType: 'BG' }, '2026-11-27', true)?.message).toBe(
      "The customer's TABC licence BG 1234567 is not an MB, N or NE: stamped liquor goes only to those.",
    );
    expect(licenceProblem({ ...licence, primaryStatus: 'Suspended' }, '2026-11-27', true)?.message).toBe(
      "The customer's TABC licence MB 1234567 is Suspended, not active.",
    );
    expect(licenceProblem({ ...licence, primaryStatus: 'Expired' }, '2026-11-27', true)?.primaryStatus).toBe(
      'Expired',
    );
  });

  it('counts a licence expiring today as valid and one expired yesterday as expired', () => {
    expect(licenceProblem({ ...licence, expirationOn: '2026-11-27' }, '2026-11-27', true)).toBeNull();
    expect(licenceProblem({ ...licence, expirationOn: '2026-11-26' }, '2026-11-27', true)).toEqual({
      message: "The customer's TABC licence MB 1234567 expired on 2026-11-26.",
      licenceId: '1234567',
      licenceType: 'MB',
      primaryStatus: 'Active',
      expirationOn: '2026-11-26',
    });
  });

  it('speaks of a customer with no licence only once the list was imported', () => {
    expect(licenceProblem(null, '2026-11-27', false)).toBeNull();
    expect(licenceProblem(null, '2026-11-27', true)?.message).toMatch(
      /^No licence in the imported TABC list/,
    );
  });

  it('applies to invoices carrying liquor bottles', () => {
    expect(carriesStampedLiquor([{ type: 'LIQUOR', qty: 2 }])).toBe(true);
    expect(
      carriesStampedLiquor([
        { type: 'WINE', qty: 2 },
        { type: 'LIQUOR', qty: -1 },
      ]),
    ).toBe(false);
  });
});
