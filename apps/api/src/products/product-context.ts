import type { PriceTierBase } from '#domain/companies/price-tier.rules.js';
import type { ProductContext } from '#domain/products/product.commands.js';
import type { CustomerTier, TierPricing } from '#domain/products/product.pricing.js';
import { DEFAULT_TIME_ZONE } from '#domain/shared/business-date.js';
import { prepared, type Queryable } from '#infra/db/database.js';
import { tenantQuery } from '#infra/db/tenant-query.js';

/** What product decisions and prices need of the company read model (read-your-writes: commands wait for it). */
export interface CompanyPricingSettings {
  timeZone: string;
  tieredPricing: boolean;
  tierBase: PriceTierBase;
  internalSku: boolean;
  clover: boolean;
  /**
   * Bottle POS keeps the catalogue (price-only editing here) — unless the provider switched it on with
   * ignore_pricing (the flag removes that restriction).
   */
  bottlePos: boolean;
}

type SettingsRow = {
  time_zone: string | null;
  features: Record<string, { active?: boolean; ignore_pricing?: boolean }> | null;
  tier_base: PriceTierBase | null;
};

const settingsOf = (row: SettingsRow | undefined): CompanyPricingSettings => {
  const on = (feature: string) => row?.features?.[feature]?.active === true;
  return {
    timeZone: row?.time_zone || DEFAULT_TIME_ZONE,
    tieredPricing: on('tiered_pricing'),
    tierBase: row?.tier_base ?? 'list_price',
    internalSku: on('internal_sku'),
    clover: on('clover'),
    bottlePos: on('bottle_pos') && row?.features?.bottle_pos?.ignore_pricing !== true,
  };
};

export async function companyPricingSettings(
  db: Queryable,
  companyId: string,
): Promise<CompanyPricingSettings> {
  const [row] = await tenantQuery<SettingsRow>(
    db,
    companyId,
    prepared(`SELECT co.time_zone, co.features, s.tier_base
     FROM rm_company co LEFT JOIN rm_price_tier_setting s ON s.company_id = co.id
     WHERE co.company_id = $1 AND co.id = $1`),
  );
  return settingsOf(row);
}

/** Another current product of the company that is "the same product" (same_key), other than `exceptId`. */
export async function sameProductId(
  db: Queryable,
  companyId: string,
  sameKey: string,
  exceptId: string,
): Promise<string | null> {
  const [row] = await tenantQuery<{ id: string }>(
    db,
    companyId,
    `SELECT id FROM rm_product
     WHERE company_id = $1 AND same_key = $2 AND id <> $3 AND deleted_at IS NULL AND NOT archived
     ORDER BY created_at, id LIMIT 1`,
    [sameKey, exceptId],
  );
  return row?.id ?? null;
}

export async function productContext(
  db: Queryable,
  companyId: string,
  productId: string,
  sameKey: string | null,
): Promise<ProductContext> {
  const [settings, same] = await Promise.all([
    companyPricingSettings(db, companyId),
    sameKey === null ? Promise.resolve(null) : sameProductId(db, companyId, sameKey, productId),
  ]);
  return {
    timeZone: settings.timeZone,
    sameProductId: same,
    integrations: { clover: settings.clover, bottlePos: settings.bottlePos },
  };
}

export interface TieredCustomer {
  id: string;
  name: string;
  tier: CustomerTier | null;
}

type CustomerTierRow = {
  id: string | null;
  name: string | null;
  tier_id: string | null;
  tier_name: string | null;
  percentage_basis_points: number | null;
  is_base_tier: boolean | null;
};

const tieredCustomerOf = (row: CustomerTierRow | undefined): TieredCustomer | undefined =>
  !row || row.id === null
    ? undefined
    : {
        id: row.id,
        name: row.name!,
        tier:
          row.tier_id === null
            ? null
            : {
                id: row.tier_id,
                name: row.tier_name!,
                percentageBasisPoints: row.percentage_basis_points!,
                isBaseTier: row.is_base_tier!,
              },
      };

/**
 * A current customer of the company with its current price tier (null: none, or a tier no longer there — such a
 * customer pays the list price, as on the base tier). undefined when the company has no such customer.
 */
export async function customerTier(
  db: Queryable,
  companyId: string,
  customerId: string,
): Promise<TieredCustomer | undefined> {
  const [row] = await tenantQuery<CustomerTierRow>(
    db,
    companyId,
    prepared(`SELECT c.id, c.name, t.id AS tier_id, t.name AS tier_name, t.percentage_basis_points, t.is_base_tier
     FROM rm_customer c
     LEFT JOIN rm_price_tier t
       ON t.id = c.product_price_tier_id AND t.company_id = c.company_id AND t.removed_at IS NULL
     WHERE c.company_id = $1 AND c.id = $2 AND c.removed_at IS NULL`),
    [customerId],
  );
  return tieredCustomerOf(row);
}

/**
 * The company's pricing settings and one customer with its tier (undefined when the company has no such current
 * customer, or `customerId` is null), read in one statement.
 */
export async function pricingContext(
  db: Queryable,
  companyId: string,
  customerId: string | null,
): Promise<{ settings: CompanyPricingSettings; customer: TieredCustomer | undefined }> {
  const [row] = await tenantQuery<SettingsRow & CustomerTierRow>(
    db,
    companyId,
    prepared(`SELECT co.time_zone, co.features, s.tier_base, c.id, c.name, t.id AS tier_id, t.name AS tier_name,
            t.percentage_basis_points, t.is_base_tier
     FROM (SELECT $1::uuid AS company_id) k
     LEFT JOIN rm_company co ON co.company_id = k.company_id AND co.id = k.company_id
     LEFT JOIN rm_price_tier_setting s ON s.company_id = k.company_id
     LEFT JOIN rm_customer c ON c.company_id = k.company_id AND c.id = $2 AND c.removed_at IS NULL
     LEFT JOIN rm_price_tier t
       ON t.id = c.product_price_tier_id AND t.company_id = c.company_id AND t.removed_at IS NULL
     WHERE k.company_id = $1`),
    [customerId],
  );
  return { settings: settingsOf(row), customer: tieredCustomerOf(row) };
}

export const tierPricingOf = (settings: CompanyPricingSettings, tier: CustomerTier | null): TierPricing => ({
  tieredPricing: settings.tieredPricing,
  base: settings.tierBase,
  tier,
});
