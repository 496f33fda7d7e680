import type { CommandMetadata } from '../shared/decider.js';
import type { CreateProduct, DeleteProduct, ProductContext, UpdateProduct } from './product.commands.js';
import type {
  ProductArchived,
  ProductCreated,
  ProductDeleted,
  ProductFields,
  ProductPriceChanged,
  ProductRestored,
  ProductUpdated,
} from './product.events.js';

export const COMPANY_ID = 'co-1';
export const PRODUCT_ID = 'pr-1';
export const CUSTOMER_ID = '6f1c0000-0000-4000-8000-0000000000c1';
/** 2026-11-22 09:00 in Chicago: business day 2026-11-22. */
export const NOW = '2026-11-22T15:00:00.000Z';
export const TODAY = '2026-11-22';
export const LATER = '2026-11-23T15:00:00.000Z';

export const metadata = (overrides: Partial<CommandMetadata> = {}): CommandMetadata => ({
  companyId: COMPANY_ID,
  userId: 'u-1',
  now: NOW,
  ...overrides,
});

export const context = (overrides: Partial<ProductContext> = {}): ProductContext => ({
  timeZone: 'America/Chicago',
  sameProductId: null,
  integrations: { clover: false, bottlePos: false },
  ...overrides,
});

/** The fields the form below records. */
export const productFields = (overrides: Partial<ProductFields> = {}): ProductFields => ({
  name: "TITO'S HANDMADE VODKA",
  size: '750ml',
  type: 'LIQUOR',
  upc: null,
  internalSku: null,
  distributor: null,
  ydkProductId: null,
  lastPurchasePriceCents: 1450,
  reorderLevel: null,
  reorderQty: null,
  reorderTimeInDays: null,
  caseSize: null,
  ...overrides,
});

export const aCreateProduct = (
  data: Partial<CreateProduct['data']> = {},
  meta: Partial<CommandMetadata> = {},
): CreateProduct => ({
  type: 'CreateProduct',
  data: {
    productId: PRODUCT_ID,
    name: "Tito's Handmade Vodka",
    type: 'liquor',
    size: '750ml',
    price: 19.99,
    lastPurchasePrice: 14.5,
    context: context(),
    ...data,
  },
  metadata: metadata(meta),
});

export const aProductCreated = (data: Partial<ProductCreated['data']> = {}): ProductCreated => ({
  type: 'ProductCreated',
  data: {
    productId: PRODUCT_ID,
    companyId: COMPANY_ID,
    ...productFields(),
    priceCents: 1999,
    createdOn: TODAY,
    createdAt: NOW,
    ...data,
  },
});

export const anUpdateProduct = (
  data: Partial<UpdateProduct['data']> = {},
  meta: Partial<CommandMetadata> = {},
): UpdateProduct => ({
  type: 'UpdateProduct',
  data: { productId: PRODUCT_ID, context: context(), ...data },
  metadata: metadata(meta),
});

export const aProductUpdated = (data: Partial<ProductUpdated['data']> = {}): ProductUpdated => ({
  type: 'ProductUpdated',
  data: { productId: PRODUCT_ID, companyId: COMPANY_ID, ...productFields(), updatedAt: NOW, ...data },
});

export const aProductPriceChanged = (
  data: Partial<ProductPriceChanged['data']> = {},
): ProductPriceChanged => ({
  type: 'ProductPriceChanged',
  data: {
    productId: PRODUCT_ID,
    companyId: COMPANY_ID,
    customerId: null,
    oldPriceCents: 1999,
    newPriceCents: 2199,
    effectiveOn: TODAY,
    changedOn: TODAY,
    changedAt: NOW,
    ...data,
  },
});

export const aProductArchived = (): ProductArchived => ({
  type: 'ProductArchived',
  data: { productId: PRODUCT_ID, companyId: COMPANY_ID, archivedAt: NOW },
});

export const aProductRestored = (): ProductRestored => ({
  type: 'ProductRestored',
  data: { productId: PRODUCT_ID, companyId: COMPANY_ID, restoredAt: NOW },
});

export const aDeleteProduct = (
  data: Partial<DeleteProduct['data']> = {},
  meta: Partial<CommandMetadata> = {},
): DeleteProduct => ({
  type: 'DeleteProduct',
  data: { productId: PRODUCT_ID, hasInvoiceHistory: false, context: context(), ...data },
  metadata: metadata(meta),
});

export const aProductDeleted = (): ProductDeleted => ({
  type: 'ProductDeleted',
  data: { productId: PRODUCT_ID, companyId: COMPANY_ID, deletedAt: NOW },
});
