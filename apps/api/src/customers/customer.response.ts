import type { DelinquentOverrideAnswer } from '#domain/contracts/credit-law.contract.js';
import {
  DELINQUENT_OVERRIDE_REASON_LABELS,
  type DelinquentOverride,
} from '#domain/invoices/delinquent-list-gate.js';
import type { CustomerResponse } from '#domain/contracts/customer.contract.js';
import type { Queryable } from '#infra/db/database.js';
import { tenantQuery } from '#infra/db/tenant-query.js';

export const CUSTOMER_COLUMNS = `c.id, c.name, c.address, c.city, c.state, c.zip, c.tabc_id, c.display_tabc_id, c.aims_id,
  c.aims_license_type, c.ydk_est_id, c.contact_name, c.contact_email, c.contact_phone, c.cash_on_delivery,
  c.cash_on_delivery AS cod, c.fintech_option, c.fintech_id, c.product_price_tier_id, c.service_start, c.comptroller_taxpayer_number, c.payment_terms, c.color_index, c.created_at, c.updated_at`;

/** A current (not removed) customer of the caller's company, with what the TABC lists are matched on. */
export async function findCustomer(
  db: Queryable,
  companyId: string,
  id: string,
): Promise<(CustomerResponse & { tabc_key: string }) | null> {
  const [row] = await tenantQuery<CustomerResponse & { tabc_key: string }>(
    db,
    companyId,
    `SELECT ${CUSTOMER_COLUMNS}, c.tabc_key FROM rm_customer c WHERE c.company_id = $1 AND c.id = $2 AND c.removed_at IS NULL`,
    [id],
  );
  return row ?? null;
}

export function withoutKey<T extends { tabc_key?: string }>(row: T): Omit<T, 'tabc_key'> {
  const { tabc_key: _, ...rest } = row;
  return rest;
}

/** An override of a delinquent-list listing as the API answers it. */
export const overrideAnswer = (override: DelinquentOverride): DelinquentOverrideAnswer => ({
  reason: override.reason,
  reason_label: DELINQUENT_OVERRIDE_REASON_LABELS[override.reason],
  note: override.note,
  permit: override.permit,
  listing_effective_date: override.listingEffectiveOn,
  recorded_by: override.recordedBy.name,
  recorded_at: override.recordedAt,
});
