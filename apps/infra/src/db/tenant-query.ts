import type { Queryable } from './database.js';

/**
 * Tenancy in one place: every read-model query runs through here with the caller's company as
 * $1, and must filter on it. Another company's row is therefore never found: the caller answers 404.
 */
export async function tenantQuery<T extends Record<string, unknown> = Record<string, unknown>>(
  db: Queryable,
  companyId: string,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  if (!/\bcompany_id\s*=\s*\$1\b/.test(sql))
    throw new Error(`Tenant query does not filter company_id = $1: ${sql}`);
  const result = await db.query(sql, [companyId, ...params]);
  return result.rows as T[];
}
