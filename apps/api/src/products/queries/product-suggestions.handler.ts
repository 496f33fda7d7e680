import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { customerError } from '#domain/customers/customer.errors.js';
import { priceForCustomer, type CustomerTier, type TierPricing } from '#domain/products/product.pricing.js';
import { percentFromBasisPoints } from '#domain/companies/company.rules.js';
import { dollarsOf } from '#domain/shared/money.js';
import { searchText } from '#domain/shared/search-text.js';
import type { ProductSuggestion } from '#domain/contracts/product.contract.js';
import { ProductSuggestionsQuery } from './product-suggestions.query.js';
import { ProductReader, type SuggestionRow, type SuggestionSearch } from './product.reader.js';

/** The client's specification: search starts at 3 characters; a digit string longer than 5 is a UPC. */
export const MIN_QUERY_LENGTH = 3;
const UPC = /^\d{6,}$/;

/** The typed query as searched: % and _ stripped, spaces collapsed, as a search text (upper-case, no apostrophes). */
export function searchTerm(query: string): string {
  return searchText(query.replace(/[%_]/g, '').trim().replace(/\s+/g, ' '));
}

/**
 * The invoice builder's product search, read in one statement (ProductReader.suggestions): the company's settings,
 * the customer's tier and the few products found with their prices. Pricing rules then run in the domain
 * (priceForCustomer).
 */
@QueryHandler(ProductSuggestionsQuery)
export class ProductSuggestionsHandler implements IQueryHandler<ProductSuggestionsQuery> {
  constructor(@Inject(ProductReader) private readonly reader: ProductReader) {}

  async execute({ companyId, filter, now }: ProductSuggestionsQuery): Promise<ProductSuggestion[]> {
    const ids = filter.ids;
    const term = ids ? '' : searchTerm(filter.query);
    if (ids ? ids.length === 0 : term.length < MIN_QUERY_LENGTH) return [];
    const isUpc = !ids && UPC.test(term);
    const customerId = filter.customerId ? filter.customerId.trim().toLowerCase() : null;
    const search: SuggestionSearch = { ids, term, isUpc, customerId };
    const rows = await this.reader.suggestions(companyId, search, filter, now);
    const settings = rows[0]!;
    if (customerId !== null && !settings.customer_found) throw customerError('CUSTOMER_NOT_FOUND');
    const pricing = pricingOf(settings);
    const found = rows.filter((row) => row.id !== null);
    const lastPrices = await this.reader.lastInvoicedPrices(
      companyId,
      customerId,
      found.map((row) => row.id!),
    );
    return found.map((row) => suggestionOf(row, search, pricing, lastPrices));
  }
}

/** The company's pricing settings and the customer's tier, as the statement read them. */
function pricingOf(settings: SuggestionRow): TierPricing {
  const tier: CustomerTier | null =
    settings.tier_id === null
      ? null
      : {
          id: settings.tier_id,
          name: settings.tier_name!,
          percentageBasisPoints: settings.tier_percentage_basis_points!,
          isBaseTier: settings.tier_is_base!,
        };
  return {
    tieredPricing: settings.tiered_pricing === true,
    base: settings.tier_base ?? 'list_price',
    tier,
  };
}

/** A product found, priced for the customer, with how it matched. */
function suggestionOf(
  row: SuggestionRow,
  { ids, isUpc }: SuggestionSearch,
  pricing: TierPricing,
  lastPrices: Map<string, number>,
): ProductSuggestion {
  const tier = pricing.tier;
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
    id: row.id!,
    product: row.product,
    product_size: row.product_size,
    product_type: row.product_type,
    upc: row.upc,
    case_size: row.case_size,
    internal_sku: row.internal_sku,
    distributor: row.distributor,
    ydk_product_id: row.ydk_product_id,
    last_purchase_price: dollarsOf(Number(row.last_purchase_price_cents)),
    last_invoiced_price: lastPrices.has(row.id!) ? dollarsOf(lastPrices.get(row.id!)!) : null,
    price: dollarsOf(priceCents),
    price_source: source,
    list_price: dollarsOf(listPriceCents),
    tier:
      source === 'tier' && tier
        ? {
            id: tier.id,
            name: tier.name,
            percentage: percentFromBasisPoints(tier.percentageBasisPoints),
          }
        : null,
    match: ids ? 'id' : row.step === 0 ? (isUpc ? 'upc' : 'name') : 'contains',
  };
}
