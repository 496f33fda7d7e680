import type pg from 'pg';
import { tenantQuery } from '#infra/db/tenant-query.js';

/** The company's name as its settings hold it, or undefined when it has none yet. */
export async function companyName(pool: pg.Pool, companyId: string): Promise<string | undefined> {
  const [row] = await tenantQuery<{ name: string | null }>(
    pool,
    companyId,
    'SELECT name FROM rm_company WHERE company_id = $1 AND id = $1',
  );
  return row?.name || undefined;
}
