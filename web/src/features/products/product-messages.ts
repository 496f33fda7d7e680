import { PRODUCT_MESSAGES } from '#domain/products/product.rules';

/** The client's specification's Product messages, and the screens' own texts. */
export const PRODUCT_SCREEN_MESSAGES = {
  saveFailed: PRODUCT_MESSAGES.saveFailed,
  notArchived: 'Did not archive product',
  notRemoved: 'Did not remove product',
  notFound: 'Product not found',
  deleted: 'Deleted product!',
  created: 'Product created',
  saved: 'Product saved',
  archived: 'Product archived',
  restored: 'Product restored',
  priceChanged: 'Price changed',
  empty: 'You have not added any product yet.',
  loadFailed: 'Error loading products',
  existing: 'Open the existing product',
  invoiceHistory: PRODUCT_MESSAGES.invoiceHistory,
} as const;
