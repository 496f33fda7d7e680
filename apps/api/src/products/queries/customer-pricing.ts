import { customerError } from '#domain/customers/customer.errors.js';
import { priceForCustomer } from '#domain/products/product.pricing.js';
import { percentFromBasisPoints } from '#domain/companies/company.rules.js';
import { businessDate } from '#domain/shared/business-date.js';
import { dollarsOf } from '#domain/shared/money.js';
import type { Queryable } from '#infra/db/database.js';
import { pricingContext, tierPricingOf, type CompanyPricingSettings } from '../product-context.js';
import type { PriceForCustomer } from '#domain/contracts/product.contract.js';

/** How a query prices products: for whom, on which day, with which tier. */
export interface PricingFor {
  settings: CompanyPricingSettings;
  customerId: string | null;
  day: string;
  price(row: {
    list_price_cents: string | number;
    customer_price_cents: string | number | null;
    last_purchase_price_cents: string | number;
  }): PriceForCustomer & { price_cents: number };
}

/**
 * The pricing of one request: the company's settings, the customer's tier (a customer of another company, or none
 * at all, answers 'Customer Not Found'), and the day (default today in the company's time zone).
 */
export async function pricingFor(
  db: Queryable,
  companyId: string,
  customerId: string | null | undefined,
  day: string | null | undefined,
  now: string,
): Promise<PricingFor> {
  const id = customerId ? customerId.trim().toLowerCase() : null;
  const { settings, customer } = await pricingContext(db, companyId, id);
  if (id !== null && !customer) throw customerError('CUSTOMER_NOT_FOUND');
  const tier = customer?.tier ?? null;
  const pricing = tierPricingOf(settings, tier);
  const tierResponse =
    tier && settings.tieredPricing && !tier.isBaseTier
      ? { id: tier.id, name: tier.name, percentage: percentFromBasisPoints(tier.percentageBasisPoints) }
      : null;
  return {
    settings,
    customerId: id,
    day: day || businessDate(now, settings.timeZone),
    price(row) {
      const listPriceCents = Number(row.list_price_cents);
      const { priceCents, source } = priceForCustomer(
        {
          listPriceCents,
          customerPriceCents: row.customer_price_cents === null ? null : Number(row.customer_price_cents),
          lastPurchasePriceCents: Number(row.last_purchase_price_cents),
        },
        pricing,
      );
      return {
        price: dollarsOf(priceCents),
        price_cents: priceCents,
        price_source: source,
        list_price: dollarsOf(listPriceCents),
        tier: source === 'tier' ? tierResponse : null,
      };
    },
  };
}
