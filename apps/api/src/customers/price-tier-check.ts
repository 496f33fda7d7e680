import { isUuid } from '#domain/shared/field-rules.js';
import { customerInvalid } from '#domain/customers/customer.errors.js';
import { CUSTOMER_MESSAGES } from '#domain/customers/customer.rules.js';
import type { Queryable } from '#infra/db/database.js';
import { tenantQuery } from '#infra/db/tenant-query.js';

/**
 * A customer's price tier must be a current tier of the company (customers carry
 * product_price_tier_id). Checked only when it changes, so a customer whose tier went away in a race with its
 * removal can still be edited (pricing treats such a tier as the base tier). Blank and malformed ids are the
 * decider's to judge.
 */
export async function checkPriceTier(
  db: Queryable,
  companyId: string,
  tierId: string | null | undefined,
  currentTierId: string | null = null,
): Promise<void> {
  const id = typeof tierId === 'string' ? tierId.trim().toLowerCase() : '';
  if (!isUuid(id) || id === currentTierId) return;
  const [tier] = await tenantQuery(
    db,
    companyId,
    'SELECT 1 FROM rm_price_tier WHERE company_id = $1 AND id = $2 AND removed_at IS NULL',
    [id],
  );
  if (!tier) {
    throw customerInvalid([
      { field: 'product_price_tier_id', message: CUSTOMER_MESSAGES.productPriceTierId },
    ]);
  }
}

/** The tier the customer has now in the read model (null: none, or no such customer of the company). */
export async function currentPriceTier(
  db: Queryable,
  companyId: string,
  customerId: string,
): Promise<string | null> {
  const [row] = await tenantQuery<{ product_price_tier_id: string | null }>(
    db,
    companyId,
    'SELECT product_price_tier_id FROM rm_customer WHERE company_id = $1 AND id = $2',
    [customerId],
  );
  return row?.product_price_tier_id ?? null;
}
