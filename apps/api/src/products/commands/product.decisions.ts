import { companyDecider, companyStream } from '#domain/companies/company.decide.js';
import { removePriceTierWithCustomers } from '#domain/customers/customer-price-tier.js';
import { customerDecider, customerStream } from '#domain/customers/customer.decide.js';
import type { CompanyCommand, RemovePriceTier } from '#domain/companies/company.commands.js';
import type { ProductCommand } from '#domain/products/product.commands.js';
import { productDecider } from '#domain/products/product.decide.js';
import { productStream } from '#domain/products/product.events.js';
import { declareDecision, streamDecision, type StreamDecision } from '#engine';
import { WAITS_FOR } from '../../read-your-writes.js';

/**
 * The product and price-tier writes, declared: the streams each decides over, its domain decision and the read
 * models its answer waits for.
 */

/** A product created, updated or deleted: the product's own stream. */
export function productDecision(productId: string, command: ProductCommand) {
  return declareDecision({
    streams: { product: streamDecision(productStream(productId), productDecider) },
    decide: ({ product }) => ({ product: productDecider.decide(command, product) }),
    waitFor: WAITS_FOR.product,
  });
}

/** A price tier added or changed, the base of the tiers chosen: the company's stream. */
export function priceTierDecision(command: CompanyCommand) {
  return declareDecision({
    streams: { company: streamDecision(companyStream(command.metadata.companyId), companyDecider) },
    decide: ({ company }) => ({ company: companyDecider.decide(command, company) }),
    waitFor: WAITS_FOR.priceTier,
  });
}

/**
 * DELETE /price-tier/{id}: PriceTierRemoved on `company-{id}` and CustomerPriceTierChanged on each customer's stream
 * (`customer0`, `customer1`, … in the order of `customerIds`), appended atomically.
 */
export function removePriceTierDecision(command: RemovePriceTier, customerIds: readonly string[]) {
  const streams: Record<string, StreamDecision<any, any>> = {
    company: streamDecision(companyStream(command.metadata.companyId), companyDecider),
  };
  customerIds.forEach(
    (id, i) => (streams[`customer${i}`] = streamDecision(customerStream(id), customerDecider)),
  );
  return declareDecision({
    streams,
    decide: (states) => {
      const customers = customerIds.map((customerId, i) => ({ customerId, state: states[`customer${i}`] }));
      const decided = removePriceTierWithCustomers(command, states.company, customers);
      return Object.fromEntries([
        ['company', decided.company],
        ...decided.customers.map((events, i) => [`customer${i}`, events] as const),
      ]);
    },
    waitFor: WAITS_FOR.priceTier,
  });
}
