import type { ProductEvent, ProductFields } from './product.events.js';
import type { PriceChangeEntry } from './product.pricing.js';

export type Product =
  | { status: 'none' }
  | {
      status: 'active';
      id: string;
      companyId: string;
      fields: ProductFields;
      archived: boolean;
      initialPriceCents: number;
      /** Every price change, list and per customer, in the order recorded. */
      priceChanges: PriceChangeEntry[];
    }
  | { status: 'deleted'; id: string; companyId: string };

export type CurrentProduct = Extract<Product, { status: 'active' }>;

export const initialState = (): Product => ({ status: 'none' });

export function evolve(state: Product, event: ProductEvent): Product {
  switch (event.type) {
    case 'ProductCreated': {
      const { productId, companyId, priceCents, createdOn: _o, createdAt: _a, ...fields } = event.data;
      return {
        status: 'active',
        id: productId,
        companyId,
        fields: { ...fields, caseSize: fields.caseSize ?? null }, // none in events written before it existed
        archived: false,
        initialPriceCents: priceCents,
        priceChanges: [],
      };
    }
    case 'ProductDeleted':
      return { status: 'deleted', id: event.data.productId, companyId: event.data.companyId };
    default:
      break;
  }
  if (state.status !== 'active') return state;
  switch (event.type) {
    case 'ProductUpdated': {
      const { productId: _p, companyId: _c, updatedAt: _u, ...fields } = event.data;
      return { ...state, fields: { ...fields, caseSize: fields.caseSize ?? null } };
    }
    case 'ProductPriceChanged': {
      const { customerId, newPriceCents, effectiveOn } = event.data;
      return { ...state, priceChanges: [...state.priceChanges, { customerId, newPriceCents, effectiveOn }] };
    }
    case 'ProductArchived':
      return { ...state, archived: true };
    case 'ProductRestored':
      return { ...state, archived: false };
    default:
      return state; // events of later versions are ignored, not fatal
  }
}
