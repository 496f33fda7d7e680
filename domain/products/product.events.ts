import type { ProductType } from './product.rules.js';

/** The catalogue fields of a product (as the client's specification asks) as they are after a change: every field. */
export interface ProductFields {
  /** `product` in the spec: trimmed, upper-cased. */
  name: string;
  size: string;
  type: ProductType;
  upc: string | null;
  /** null when none ('0' in the form means none). */
  internalSku: string | null;
  distributor: string | null;
  /** The establishment app's id of the product, when linked. */
  ydkProductId: string | null;
  /** The buying price. */
  lastPurchasePriceCents: number;
  reorderLevel: number | null;
  reorderQty: number | null;
  reorderTimeInDays: number | null;
  /**
   * Bottles in the supplier's case (the Comptroller report's pack, one stamp per case for small formats); null when not given. Absent in events written before it existed: read as null.
   */
  caseSize?: number | null;
}

/** Events of the `product-{id}` stream. */
export interface ProductCreated {
  type: 'ProductCreated';
  data: { productId: string; companyId: string } & ProductFields & {
      /** The list price, in effect from the start until a price change says otherwise. */
      priceCents: number;
      /** The business day it was created on, in the company's time zone. */
      createdOn: string;
      createdAt: string;
    };
}

export interface ProductUpdated {
  type: 'ProductUpdated';
  data: { productId: string; companyId: string } & ProductFields & { updatedAt: string };
}

/**
 * A price change (as the client's specification asks): of the list price (`customerId` null), or of one customer's price.
 * It is in effect from `effectiveOn` (not before the business day it was made on, `changedOn`) until a later one.
 */
export interface ProductPriceChanged {
  type: 'ProductPriceChanged';
  data: {
    productId: string;
    companyId: string;
    customerId: string | null;
    /** The price the change replaces on `effectiveOn`: the customer's own, else the list price. */
    oldPriceCents: number;
    newPriceCents: number;
    effectiveOn: string;
    changedOn: string;
    changedAt: string;
  };
}

export interface ProductArchived {
  type: 'ProductArchived';
  data: { productId: string; companyId: string; archivedAt: string };
}

export interface ProductRestored {
  type: 'ProductRestored';
  data: { productId: string; companyId: string; restoredAt: string };
}

/** Only a product without invoice history is deleted; the others are archived. */
export interface ProductDeleted {
  type: 'ProductDeleted';
  data: { productId: string; companyId: string; deletedAt: string };
}

export type ProductEvent =
  ProductCreated | ProductUpdated | ProductPriceChanged | ProductArchived | ProductRestored | ProductDeleted;

export const productStream = (productId: string) => `product-${productId}`;
