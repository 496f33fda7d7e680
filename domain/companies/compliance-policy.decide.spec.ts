import { fold } from '../shared/decider.js';
import { deciderSpec } from '../shared/decider-spec.js';
import { DomainError } from '../shared/domain-error.js';
import { companyDecider } from './company.decide.js';
import {
  aChangeCompliancePolicy,
  aCompanyRegistered,
  aCompliancePolicyChanged,
  COMPANY_ID,
  NOW,
} from './company.fixtures.js';
import { DEFAULT_COMPLIANCE_POLICY, withComplianceDefaults } from './compliance-policy.js';

const given = deciderSpec(companyDecider);
const LATER = '2026-11-23T10:00:00.000Z';

describe('Compliance settings', () => {
  it('are off or advisory by default, so a company gets exactly the spec', () => {
    expect(DEFAULT_COMPLIANCE_POLICY).toEqual({
      extendedStampStatuses: false,
      smallFormatStamps: false,
      strictRecords: false,
      creditLaw: 'advisory',
      licenceGuard: 'advisory',
    });
    const company = fold(companyDecider, [aCompanyRegistered()]);
    expect(company.status === 'registered' && company.compliance).toEqual(DEFAULT_COMPLIANCE_POLICY);
  });

  it('records the whole policy after the change, not only the changed field', () =>
    given([aCompanyRegistered()])
      .when(aChangeCompliancePolicy({ extendedStampStatuses: true }))
      .then([aCompliancePolicyChanged({ extendedStampStatuses: true })]));

  it('keeps the fields left out as they were', () =>
    given([aCompanyRegistered(), aCompliancePolicyChanged({ strictRecords: true, licenceGuard: 'blocking' })])
      .when(aChangeCompliancePolicy({ creditLaw: 'off' }, { now: LATER }))
      .then([
        aCompliancePolicyChanged({ strictRecords: true, licenceGuard: 'blocking', creditLaw: 'off' }, LATER),
      ]));

  it('accepts flags as 0/1 and text, like every other setting', () =>
    given([aCompanyRegistered()])
      .when(aChangeCompliancePolicy({ smallFormatStamps: 1, strictRecords: 'true' }))
      .then([aCompliancePolicyChanged({ smallFormatStamps: true, strictRecords: true })]));

  it('switches a rule off again', () =>
    given([aCompanyRegistered(), aCompliancePolicyChanged({ extendedStampStatuses: true })])
      .when(aChangeCompliancePolicy({ extendedStampStatuses: false }))
      .then([aCompliancePolicyChanged()]));

  it('records nothing when nothing changes', () =>
    given([aCompanyRegistered(), aCompliancePolicyChanged({ creditLaw: 'off' })])
      .when(aChangeCompliancePolicy({ creditLaw: 'off', extendedStampStatuses: false }))
      .then([]));

  it('records nothing for an empty change', () =>
    given([aCompanyRegistered()]).when(aChangeCompliancePolicy()).then([]));

  it('lists every broken field at once, and changes nothing', () => {
    const company = fold(companyDecider, [aCompanyRegistered()]);
    let thrown: unknown;
    try {
      companyDecider.decide(
        aChangeCompliancePolicy({
          extendedStampStatuses: 'maybe',
          smallFormatStamps: null,
          strictRecords: 2,
          creditLaw: 'blocking',
          licenceGuard: 'strict',
        }),
        company,
      );
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect((thrown as DomainError).details).toEqual([
      {
        field: 'extended_stamp_statuses',
        message: 'Lost, stolen, voided and returned stamps must be true or false.',
      },
      {
        field: 'small_format_stamps',
        message: 'One stamp per case for small bottles must be true or false.',
      },
      { field: 'strict_records', message: 'Strict records must be true or false.' },
      { field: 'credit_law', message: "Credit-law calendar must be 'off' or 'advisory'." },
      { field: 'licence_guard', message: "Licence check must be 'off', 'advisory' or 'blocking'." },
    ]);
  });

  it("answers 'not found' to a user of another company", () =>
    given([aCompanyRegistered()])
      .when(aChangeCompliancePolicy({ strictRecords: true }, { companyId: 'co-2' }))
      .thenThrows('Company not found'));

  it("answers 'not found' before the company is registered", () =>
    given([])
      .when(aChangeCompliancePolicy({ strictRecords: true }))
      .thenThrows('Company not found'));

  it('folds into the company state', () => {
    const company = fold(companyDecider, [
      aCompanyRegistered(),
      aCompliancePolicyChanged({ licenceGuard: 'off' }),
      aCompliancePolicyChanged({ licenceGuard: 'blocking', smallFormatStamps: true }),
    ]);
    expect(company.status === 'registered' && company.compliance).toEqual({
      ...DEFAULT_COMPLIANCE_POLICY,
      licenceGuard: 'blocking',
      smallFormatStamps: true,
    });
  });

  it('fills a field a stored policy lacks, or holds an unknown value for, with its default', () => {
    expect(withComplianceDefaults(null)).toEqual(DEFAULT_COMPLIANCE_POLICY);
    expect(withComplianceDefaults({ strictRecords: true, licenceGuard: 'later-mode' })).toEqual({
      ...DEFAULT_COMPLIANCE_POLICY,
      strictRecords: true,
    });
  });

  it('names the company and the time of the change', () => {
    const [event] = companyDecider.decide(
      aChangeCompliancePolicy({ strictRecords: true }),
      fold(companyDecider, [aCompanyRegistered()]),
    );
    expect(event?.data).toMatchObject({ companyId: COMPANY_ID, changedAt: NOW });
  });
});
