import { withComplianceDefaults, type CompliancePolicy } from '#domain/companies/compliance-policy.js';
import type { CompliancePolicyResponse } from '#domain/contracts/company.contract.js';
import type { Queryable } from '#infra/db/database.js';
import { tenantQuery } from '#infra/db/tenant-query.js';

/**
 * The company's TABC compliance rules from `rm_company.compliance`, every field the stored policy lacks
 * taken from the defaults (a company that never changed them, or an unknown company, gets the defaults: the spec).
 * One indexed row read; call it where a rule changes behaviour.
 */
export async function readCompliancePolicy(db: Queryable, companyId: string): Promise<CompliancePolicy> {
  const [row] = await tenantQuery<{ compliance: Partial<CompliancePolicy> | null }>(
    db,
    companyId,
    'SELECT compliance FROM rm_company WHERE company_id = $1 AND id = $1',
  );
  return withComplianceDefaults(row?.compliance);
}

/** The policy as GET/PUT /company/{id}/compliance answer it (snake_case). */
export const compliancePolicyResponse = (policy: CompliancePolicy): CompliancePolicyResponse => ({
  extended_stamp_statuses: policy.extendedStampStatuses,
  small_format_stamps: policy.smallFormatStamps,
  strict_records: policy.strictRecords,
  credit_law: policy.creditLaw,
  licence_guard: policy.licenceGuard,
});
