import type { PriceTierBase } from '../companies/price-tier.rules.js';
import { raiseByBasisPoints } from '../shared/money.js';

/**
 * The price of a product for a customer on a day (as the client's specification asks). Pure: the read side
 * (suggestions, the product list) and the domain use the same rules.
 */

/** A price change as far as pricing is concerned, in the order it was recorded. */
export interface PriceChangeEntry {
  customerId: string | null;
  newPriceCents: number;
  effectiveOn: string;
}

/**
 * The price `customerId` (null: the list price) has on `day` from these changes: the change with the latest
 * effective date on or before the day, the later recorded one on a tie. undefined when none is in effect yet.
 */
export function priceInEffect(
  changes: readonly PriceChangeEntry[],
  customerId: string | null,
  day: string,
): number | undefined {
  let found: PriceChangeEntry | undefined;
  for (const change of changes) {
    if (change.customerId !== customerId || change.effectiveOn > day) continue;
    if (!found || change.effectiveOn >= found.effectiveOn) found = change;
  }
  return found?.newPriceCents;
}

/** The list price on `day`: the last list-price change in effect, else the price the product was created with. */
export const listPriceOn = (initialPriceCents: number, changes: readonly PriceChangeEntry[], day: string) =>
  priceInEffect(changes, null, day) ?? initialPriceCents;

/** The customer's tier, as far as pricing is concerned. */
export interface CustomerTier {
  id: string;
  name: string;
  percentageBasisPoints: number;
  isBaseTier: boolean;
}

export interface TierPricing {
  /** The company's tiered_pricing feature: off, tiers raise nothing. */
  tieredPricing: boolean;
  base: PriceTierBase;
  /** The customer's current tier; null without a customer, without a tier, or when its tier is gone. */
  tier: CustomerTier | null;
}

export type PriceSource = 'customer' | 'tier' | 'list';

export interface CustomerPrice {
  priceCents: number;
  /** customer: the customer's own price change; tier: raised by the tier; list: the list price. */
  source: PriceSource;
}

/**
 * A customer-specific price in effect wins. Otherwise, with tiered pricing on and the customer on a tier other than
 * the base tier, the tier base (the list price, or the last purchase price when the company chose it and it is
 * known) raised by the tier's percentage, half-up to a cent. Otherwise the list price. The base tier stands for
 * the list price, so customers on it (or on no tier) pay the list price whatever the tier base.
 */
export function priceForCustomer(
  product: {
    listPriceCents: number;
    customerPriceCents: number | null | undefined;
    lastPurchasePriceCents: number;
  },
  pricing: TierPricing,
): CustomerPrice {
  if (product.customerPriceCents !== null && product.customerPriceCents !== undefined) {
    return { priceCents: product.customerPriceCents, source: 'customer' };
  }
  const { tier } = pricing;
  if (pricing.tieredPricing && tier && !tier.isBaseTier) {
    const base =
      pricing.base === 'last_purchase_price' && product.lastPurchasePriceCents > 0
        ? product.lastPurchasePriceCents
        : product.listPriceCents;
    return { priceCents: raiseByBasisPoints(base, tier.percentageBasisPoints), source: 'tier' };
  }
  return { priceCents: product.listPriceCents, source: 'list' };
}
