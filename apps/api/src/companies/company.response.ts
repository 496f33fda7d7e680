import type { CompanyResponse, LogoResponse } from '#domain/contracts/company.contract.js';
import { FEATURE_NAMES } from '#domain/companies/company.features.js';
import type { Queryable } from '#infra/db/database.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { findPriceTiers, findTierBase } from '../products/price-tier.response.js';

export const logoPath = (id: string) => `/api/v1/company/logo/${id}/file`;

export async function findCompany(
  db: Queryable,
  companyId: string,
  id: string,
): Promise<CompanyResponse | null> {
  const [row] = await tenantQuery(
    db,
    companyId,
    `SELECT id, name, address, city, state, zip, tabc_id, subdomain, default_invoice_note, starting_invoice_number,
            default_invoice_status, has_fintech, fintech_id, show_prices, sort_inv_products, default_logo_id,
            stamp_threshold, tax_rate::float8 AS tax_rate, cash_on_delivery, time_zone, payment_terms,
            delivery_means, carrier_name, carrier_permit, details_complete, owner_user_id,
            registered_at, updated_at, features
     FROM rm_company WHERE company_id = $1 AND id = $2`,
    [id],
  );
  if (!row) return null;
  const { features, ...company } = row as Record<string, unknown> & {
    features: Record<string, { active: boolean; ignore_pricing: boolean }>;
  };
  return {
    ...(company as Omit<
      CompanyResponse,
      'companyFeatures' | 'logos' | 'productPriceTiers' | 'price_tier_base'
    >),
    companyFeatures: FEATURE_NAMES.map((name) => ({
      name,
      active: features[name]?.active ?? false,
      ignore_pricing: features[name]?.ignore_pricing ?? false,
    })),
    logos: await findLogos(db, companyId),
    productPriceTiers: await findPriceTiers(db, companyId),
    price_tier_base: await findTierBase(db, companyId),
  };
}

export async function findLogos(db: Queryable, companyId: string): Promise<LogoResponse[]> {
  const rows = await tenantQuery<Omit<LogoResponse, 'path'>>(
    db,
    companyId,
    `SELECT l.id, l.original_name AS originalname, l.mime_type AS mimetype, l.size_bytes AS size, l.width, l.height,
            (c.default_logo_id IS NOT DISTINCT FROM l.id) AS is_default, l.added_at AS created_at
     FROM rm_company_logo l JOIN rm_company c ON c.id = l.company_id
     WHERE l.company_id = $1 AND l.removed_at IS NULL
     ORDER BY l.added_at, l.id`,
  );
  return rows.map((row) => ({ ...row, path: logoPath(row.id) }));
}
