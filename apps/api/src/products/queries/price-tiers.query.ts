import { Query } from '@nestjs/cqrs';
import type { PriceTierResponse } from '#domain/contracts/product.contract.js';

export class ListPriceTiersQuery extends Query<PriceTierResponse[]> {
  constructor(readonly companyId: string) {
    super();
  }
}

export class GetPriceTierQuery extends Query<PriceTierResponse> {
  constructor(
    readonly companyId: string,
    readonly tierId: string,
  ) {
    super();
  }
}

export interface TierCustomerCount {
  product_price_tier_id: string;
  name: string;
  is_base_tier: boolean;
  count: number;
}

/**
 * `count-customer` (as the client's specification asks): customers per current tier. Customers on no tier, or on a tier that is gone,
 * pay the list price: they count with the base tier.
 */
export class CountTierCustomersQuery extends Query<TierCustomerCount[]> {
  constructor(readonly companyId: string) {
    super();
  }
}

export interface PriceTierSettingsResponse {
  tier_base: string;
}

export class PriceTierSettingsQuery extends Query<PriceTierSettingsResponse> {
  constructor(readonly companyId: string) {
    super();
  }
}
