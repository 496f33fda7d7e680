import type { FeatureName } from '#domain/companies/company.features.js';
import type { Queryable } from '#infra/db/database.js';
import { tenantQuery } from '#infra/db/tenant-query.js';

/** Whether a company's feature is on, from the company read model (read-your-writes: commands wait for it). */
export async function isFeatureActive(
  db: Queryable,
  companyId: string,
  feature: FeatureName,
): Promise<boolean> {
  const [row] = await tenantQuery<{ active: boolean | null }>(
    db,
    companyId,
    `SELECT (features -> $2 ->> 'active')::boolean AS active FROM rm_company WHERE company_id = $1 AND id = $1`,
    [feature],
  );
  return row?.active === true;
}
