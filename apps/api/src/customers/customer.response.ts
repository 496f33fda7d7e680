import type { Queryable } from '../infra/db/database.js';
import { tenantQuery } from '../infra/db/tenant-query.js';

/** Spec 000 §3 Customer, as the screens read it. `display_tabc_id` is the TABC id to show (spec 000 §3 rule). */
export type CustomerResponse = {
  id: string;
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  tabc_id: string;
  display_tabc_id: string;
  aims_id: number | null;
  aims_license_type: string | null;
  ydk_est_id: string | null;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  cash_on_delivery: boolean;
  fintech_option: boolean;
  fintech_id: string | null;
  product_price_tier_id: string | null;
  service_start: string | null;
  /** 0–12: which of the 13 avatar colours. */
  color_index: number;
  created_at: string;
  updated_at: string;
};

export const CUSTOMER_COLUMNS = `c.id, c.name, c.address, c.city, c.state, c.zip, c.tabc_id, c.display_tabc_id, c.aims_id,
  c.aims_license_type, c.ydk_est_id, c.contact_name, c.contact_email, c.contact_phone, c.cash_on_delivery,
  c.fintech_option, c.fintech_id, c.product_price_tier_id, c.service_start, c.color_index, c.created_at, c.updated_at`;

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
