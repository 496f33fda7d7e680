import type { PoolClient } from '#infra/db/database.js';
import type { StoredEvent } from '#engine';
import type { CompanyEvent } from '#domain/companies/company.events.js';
import { defineProjection, ident, type TableNames } from '../projection.js';

/**
 * Price tiers (`rm_price_tier`, one row per tier; a removed tier keeps its row with removed_at) and each company's
 * tier base (`rm_price_tier_setting`), from the `company-{id}` stream. Every row keeps the company stream revision
 * it was last changed at: an event at or below it is a re-delivery and changes nothing.
 */
export const PRICE_TIER_SCHEMA = `
CREATE TABLE IF NOT EXISTS rm_price_tier (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  name text NOT NULL,
  percentage_basis_points integer NOT NULL, -- hundredths of a percent: 10 % is 1000
  color text NOT NULL,
  is_base_tier boolean NOT NULL,
  position bigint NOT NULL, -- the company stream revision it was added at: the list's order
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  removed_at timestamptz,
  migrated_to_tier_id uuid,
  revision bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS rm_price_tier_company_idx ON rm_price_tier (company_id, position) WHERE removed_at IS NULL;

CREATE TABLE IF NOT EXISTS rm_price_tier_setting (
  company_id uuid PRIMARY KEY,
  tier_base text NOT NULL,
  updated_at timestamptz NOT NULL,
  revision bigint NOT NULL
);
`;

export const PRICE_TIER_EVENTS = [
  'PriceTierAdded',
  'PriceTierUpdated',
  'PriceTierRemoved',
  'PriceTierBaseChosen',
] as const;

async function applyOne(tx: PoolClient, stored: StoredEvent, t: TableNames): Promise<void> {
  const tiers = ident(t.rm_price_tier!);
  const revision = String(stored.revision);
  const event = stored as unknown as CompanyEvent;
  switch (event.type) {
    case 'PriceTierAdded': {
      const d = event.data;
      await tx.query(
        `INSERT INTO ${tiers} (id, company_id, name, percentage_basis_points, color, is_base_tier, position, created_at,
                               updated_at, revision)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $7)
         ON CONFLICT (id) DO NOTHING`,
        [d.tierId, d.companyId, d.name, d.percentageBasisPoints, d.color, d.isBaseTier, revision, d.addedAt],
      );
      return;
    }
    case 'PriceTierUpdated': {
      const d = event.data;
      await tx.query(
        `UPDATE ${tiers} SET name = $3, percentage_basis_points = $4, color = $5, updated_at = $6, revision = $7
         WHERE id = $1 AND company_id = $2 AND revision < $7`,
        [d.tierId, d.companyId, d.name, d.percentageBasisPoints, d.color, d.updatedAt, revision],
      );
      return;
    }
    case 'PriceTierRemoved': {
      const d = event.data;
      await tx.query(
        `UPDATE ${tiers} SET removed_at = $3, migrated_to_tier_id = $4, updated_at = $3, revision = $5
         WHERE id = $1 AND company_id = $2 AND revision < $5`,
        [d.tierId, d.companyId, d.removedAt, d.migratedToTierId, revision],
      );
      return;
    }
    case 'PriceTierBaseChosen': {
      const d = event.data;
      await tx.query(
        `INSERT INTO ${ident(t.rm_price_tier_setting!)} AS s (company_id, tier_base, updated_at, revision)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (company_id) DO UPDATE SET tier_base = EXCLUDED.tier_base, updated_at = EXCLUDED.updated_at,
           revision = EXCLUDED.revision
         WHERE s.revision < EXCLUDED.revision`,
        [d.companyId, d.base, d.chosenAt, revision],
      );
      return;
    }
    default:
      return;
  }
}

export const priceTierProjection = defineProjection({
  name: 'price_tiers',
  version: 1,
  handles: PRICE_TIER_EVENTS,
  tables: ['rm_price_tier', 'rm_price_tier_setting'],
  async apply(tx, events, t) {
    // Tier changes are rare (a few per company, ever): one statement per event keeps this plain.
    for (const event of events) await applyOne(tx, event, t);
  },
});
