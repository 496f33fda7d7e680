import { DEFAULT_TIME_ZONE } from '#domain/shared/business-date.js';
import type { Queryable } from '#infra/db/database.js';
import { tenantQuery } from '#infra/db/tenant-query.js';

/** Default low-stamp threshold (as the client's specification asks) when the company has none. */
export const DEFAULT_STAMP_THRESHOLD = 500;

/**
 * What the stamp area needs of the company read model: its time zone (business dates) and its low-stamp
 * threshold. `to_jsonb(c)` reads `stamp_threshold` whether or not the company settings migration added it yet.
 */
export async function stampSettings(
  db: Queryable,
  companyId: string,
): Promise<{ timeZone: string; threshold: number }> {
  const [row] = await tenantQuery<{ time_zone: string | null; threshold: string | null }>(
    db,
    companyId,
    `SELECT c.time_zone, to_jsonb(c) ->> 'stamp_threshold' AS threshold FROM rm_company c WHERE c.company_id = $1`,
  );
  const threshold = Number(row?.threshold);
  return {
    timeZone: row?.time_zone || DEFAULT_TIME_ZONE,
    threshold: Number.isInteger(threshold) && threshold >= 1 ? threshold : DEFAULT_STAMP_THRESHOLD,
  };
}
