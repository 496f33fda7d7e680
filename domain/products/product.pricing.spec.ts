import { centsOf, raiseByBasisPoints } from '../shared/money.js';
import { listPriceOn, priceForCustomer, priceInEffect, type TierPricing } from './product.pricing.js';

const CUSTOMER = 'cu-1';
const changes = [
  { customerId: null, newPriceCents: 2199, effectiveOn: '2026-12-01' },
  { customerId: CUSTOMER, newPriceCents: 1800, effectiveOn: '2026-11-25' },
  { customerId: null, newPriceCents: 2099, effectiveOn: '2026-11-22' },
  { customerId: null, newPriceCents: 2299, effectiveOn: '2026-12-01' }, // recorded later, same day: wins
];
const tier = { id: 't-2', name: 'Tier 1', percentageBasisPoints: 1000, isBaseTier: false };
const pricing = (overrides: Partial<TierPricing> = {}): TierPricing => ({
  tieredPricing: true,
  base: 'list_price',
  tier,
  ...overrides,
});
const product = { listPriceCents: 1999, customerPriceCents: null, lastPurchasePriceCents: 1450 };

describe('Money', () => {
  it('reads dollars as typed into cents without binary floating point', () => {
    expect([centsOf(19.99), centsOf('19.9'), centsOf('3'), centsOf(0.1), centsOf('-1.5')]).toEqual([
      1999, 1990, 300, 10, -150,
    ]);
    expect([centsOf(1.005), centsOf('1e3'), centsOf('abc'), centsOf(null)]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('raises by a percentage, rounding half-up to a cent', () => {
    expect(raiseByBasisPoints(1999, 1000)).toBe(2199); // 21.989 → 21.99
    expect(raiseByBasisPoints(1005, 5000)).toBe(1508); // 15.075 → 15.08 (half-up)
    expect(raiseByBasisPoints(1000, 1250)).toBe(1125);
    expect(raiseByBasisPoints(1999, 0)).toBe(1999);
  });
});

describe('Prices in effect', () => {
  it('is the change with the latest effective date on or before the day, the later recorded on a tie', () => {
    expect(listPriceOn(1999, changes, '2026-11-21')).toBe(1999);
    expect(listPriceOn(1999, changes, '2026-11-22')).toBe(2099);
    expect(listPriceOn(1999, changes, '2026-11-30')).toBe(2099);
    expect(listPriceOn(1999, changes, '2026-12-01')).toBe(2299);
  });

  it("keeps each customer's own prices apart from the list price", () => {
    expect(priceInEffect(changes, CUSTOMER, '2026-11-24')).toBeUndefined();
    expect(priceInEffect(changes, CUSTOMER, '2026-11-25')).toBe(1800);
    expect(priceInEffect(changes, 'cu-2', '2026-12-31')).toBeUndefined();
  });
});

describe('Price for a customer', () => {
  it("is the customer's own price when one is in effect, whatever the tier", () =>
    expect(priceForCustomer({ ...product, customerPriceCents: 1800 }, pricing())).toEqual({
      priceCents: 1800,
      source: 'customer',
    }));

  it("is the list price raised by the customer's tier, half-up to a cent", () =>
    expect(priceForCustomer(product, pricing())).toEqual({ priceCents: 2199, source: 'tier' }));

  it('raises the last purchase price when the company chose it as the tier base', () =>
    expect(priceForCustomer(product, pricing({ base: 'last_purchase_price' }))).toEqual({
      priceCents: 1595,
      source: 'tier',
    }));

  it('raises the list price when the last purchase price is not known (0)', () =>
    expect(
      priceForCustomer({ ...product, lastPurchasePriceCents: 0 }, pricing({ base: 'last_purchase_price' })),
    ).toEqual({ priceCents: 2199, source: 'tier' }));

  it('is the list price on the base tier, without a tier, or with tiered pricing off', () => {
    const list = { priceCents: 1999, source: 'list' };
    expect(
      priceForCustomer(product, pricing({ tier: { ...tier, isBaseTier: true, percentageBasisPoints: 0 } })),
    ).toEqual(list);
    expect(priceForCustomer(product, pricing({ tier: null }))).toEqual(list);
    expect(priceForCustomer(product, pricing({ tieredPricing: false }))).toEqual(list);
  });

  it("still gives a customer's own price with tiered pricing off", () =>
    expect(
      priceForCustomer({ ...product, customerPriceCents: 1800 }, pricing({ tieredPricing: false })),
    ).toEqual({
      priceCents: 1800,
      source: 'customer',
    }));
});
