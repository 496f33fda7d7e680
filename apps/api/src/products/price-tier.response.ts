import type { PriceTierResponse } from '#domain/contracts/product.contract.js';
import { percentFromBasisPoints } from '#domain/companies/company.rules.js';
import type { Queryable } from '#infra/db/database.js';
import { tenantQuery } from '#infra/db/tenant-query.js';

interface TierRow extends Record<string, unknown> {
  id: string;
  name: string;
  percentage_basis_points: number;
  color: string;
  is_base_tier: boolean;
  created_at: Date;
  updated_at: Date;
}

const toResponse = (row: TierRow): PriceTierResponse => ({
  id: row.id,
  name: row.name,
  percentage: percentFromBasisPoints(row.percentage_basis_points),
  color: row.color,
  is_base_tier: row.is_base_tier,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

const TIER_COLUMNS = 'id, name, percentage_basis_points, color, is_base_tier, created_at, updated_at';

/** The company's current tiers, the base tier first, then in the order they were added. */
export async function findPriceTiers(db: Queryable, companyId: string): Promise<PriceTierResponse[]> {
  const rows = await tenantQuery<TierRow>(
    db,
    companyId,
    `SELECT ${TIER_COLUMNS} FROM rm_price_tier WHERE company_id = $1 AND removed_at IS NULL
     ORDER BY is_base_tier DESC, position, id`,
  );
  return rows.map(toResponse);
}

export async function findPriceTier(
  db: Queryable,
  companyId: string,
  tierId: string,
): Promise<PriceTierResponse | null> {
  const [row] = await tenantQuery<TierRow>(
    db,
    companyId,
    `SELECT ${TIER_COLUMNS} FROM rm_price_tier WHERE company_id = $1 AND id = $2 AND removed_at IS NULL`,
    [tierId],
  );
  return row ? toResponse(row) : null;
}

/** The tier base setting: what tiers raise. */
export async function findTierBase(db: Queryable, companyId: string): Promise<string> {
  const [row] = await tenantQuery<{ tier_base: string }>(
    db,
    companyId,
    'SELECT tier_base FROM rm_price_tier_setting WHERE company_id = $1',
  );
  return row?.tier_base ?? 'list_price';
}
