import { problemsOf, toBoolean } from '../shared/field-rules.js';
import type { ChangeCompliancePolicy } from './company.commands.js';
import { companyError, compliancePolicyInvalid } from './company.errors.js';
import type { CompliancePolicyChanged } from './company.events.js';
import type { Company } from './company.state.js';
import {
  complianceRules,
  isCreditLawMode,
  isLicenceGuardMode,
  sameCompliancePolicy,
  type CompliancePolicy,
} from './compliance-policy.js';

/**
 * PUT /company/{id}/compliance: every broken field at once; a field left out keeps its value; the same
 * policy again records nothing. The event carries the whole policy after the change.
 */
export const changeCompliancePolicy = (
  { data, metadata }: ChangeCompliancePolicy,
  state: Company,
): CompliancePolicyChanged[] => {
  if (state.status !== 'registered' || state.id !== data.companyId || data.companyId !== metadata.companyId) {
    throw companyError('COMPANY_NOT_FOUND');
  }
  const problems = problemsOf([
    ['extended_stamp_statuses', complianceRules.extended_stamp_statuses, data.extendedStampStatuses],
    ['small_format_stamps', complianceRules.small_format_stamps, data.smallFormatStamps],
    ['strict_records', complianceRules.strict_records, data.strictRecords],
    ['credit_law', complianceRules.credit_law, data.creditLaw],
    ['licence_guard', complianceRules.licence_guard, data.licenceGuard],
  ]);
  if (problems.length > 0) throw compliancePolicyInvalid(problems);
  const current = state.compliance;
  const next: CompliancePolicy = {
    extendedStampStatuses: toBoolean(data.extendedStampStatuses) ?? current.extendedStampStatuses,
    smallFormatStamps: toBoolean(data.smallFormatStamps) ?? current.smallFormatStamps,
    strictRecords: toBoolean(data.strictRecords) ?? current.strictRecords,
    creditLaw: isCreditLawMode(data.creditLaw) ? data.creditLaw : current.creditLaw,
    licenceGuard: isLicenceGuardMode(data.licenceGuard) ? data.licenceGuard : current.licenceGuard,
  };
  if (sameCompliancePolicy(current, next)) return [];
  return [
    {
      type: 'CompliancePolicyChanged',
      data: { companyId: state.id, policy: next, changedAt: metadata.now },
    },
  ];
};
