import { PRODUCT_MESSAGES } from '#domain/products/product.rules';
import { useCompany } from '../../shared/company/company.api';

/**
 * Who keeps the product catalogue (as the client's specification asks): Clover (no creating or editing here), Bottle POS (the price only,
 * no creating or deleting) unless it was switched on with ignore_pricing, or nobody. The server enforces the same.
 */
export type CatalogueLock = 'clover' | 'bottle_pos' | null;

export function useCatalogueLock(): CatalogueLock {
  const { data } = useCompany();
  const on = (name: string) =>
    data?.companyFeatures.find((feature) => feature.name === name && feature.active);
  if (on('clover')) return 'clover';
  const bottlePos = on('bottle_pos');
  return bottlePos && !bottlePos.ignore_pricing ? 'bottle_pos' : null;
}

export const CATALOGUE_LOCK_MESSAGE: Record<Exclude<CatalogueLock, null>, string> = {
  clover: PRODUCT_MESSAGES.cloverLocked,
  bottle_pos: PRODUCT_MESSAGES.bottlePosLocked,
};
