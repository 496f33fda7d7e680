import type { CommandMetadata } from '../shared/decider.js';

/**
 * The product editor's fields as typed (as the client's specification asks): the decider checks every rule. Money as dollars
 * (12.5 or "12.50"); reorder values as numbers or text.
 */
export interface ProductInput {
  name: string;
  type: string;
  size: string;
  price: number | string;
  upc?: string | null;
  internalSku?: string | number | null;
  distributor?: string | null;
  ydkProductId?: string | number | null;
  lastPurchasePrice?: number | string | null;
  reorderLevel?: number | string | null;
  reorderQty?: number | string | null;
  reorderTimeInDays?: number | string | null;
  /** Bottles per case: a whole number from 1; empty: none. */
  caseSize?: number | string | null;
}

/** What a product decision needs to know beyond the product's own stream, looked up by the handler. */
export interface ProductContext {
  /** "Today" (and so the earliest price-effective date) is judged in the company's time zone. */
  timeZone: string;
  /**
   * Another current (neither archived nor deleted) product of the company with the name, size and type this
   * command results in; null when none.
   */
  sameProductId: string | null;
  /** Integrations that keep the catalogue (as the client's specification asks): Clover locks it, Bottle POS allows price changes only. */
  integrations: { clover: boolean; bottlePos: boolean };
}

export interface CreateProduct {
  type: 'CreateProduct';
  data: { productId: string } & ProductInput & { context: ProductContext };
  metadata: CommandMetadata;
}

/**
 * PUT /product/{id}: a field left out keeps its value. A price sent that differs from the price in effect on
 * `effectiveOn` (default: today) records a price change — of the list price, or of `customerId`'s own price.
 * `archived` archives or restores.
 */
export interface UpdateProduct {
  type: 'UpdateProduct';
  data: { productId: string } & Partial<ProductInput> & {
      effectiveOn?: string | null;
      customerId?: string | null;
      archived?: boolean;
      context: ProductContext;
    };
  metadata: CommandMetadata;
}

export interface DeleteProduct {
  type: 'DeleteProduct';
  data: {
    productId: string;
    /** Invoices name it (the product sales read model's invoice count): it may only be archived. */
    hasInvoiceHistory: boolean;
    context: ProductContext;
  };
  metadata: CommandMetadata;
}

export type ProductCommand = CreateProduct | UpdateProduct | DeleteProduct;
