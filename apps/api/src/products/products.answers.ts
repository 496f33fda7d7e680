import { PRODUCT_EXAMPLE } from './product.examples.js';

/** Examples of answers for the OpenAPI document: real answers of the demo company, lists cut to one row. */
/** GET /product: the products with their sales and the price each sells at (the example product, once sold). */
const {
  priceChanges: _priceChanges,
  next_price_change: _nextPriceChange,
  inventory: _inventory,
  stock_status: _stockStatus,
  invoices: _invoices,
  ...listed
} = PRODUCT_EXAMPLE;

export const PRODUCT_ANSWER = [
  {
    ...listed,
    units_sold: 2,
    amount_sold: 49.98,
    profit: 16.38,
    profit_percentage: 32.77,
    invoice_count: 1,
    price: 24.99,
    price_source: 'list',
    tier: null,
  },
];

export const PRODUCT_SUGGESTIONS_ANSWER = [
  {
    id: '8674697a-0a9b-475e-8a6d-ed49f8ef598d',
    product: 'BECKER VINEYARDS CABERNET SAUVIGNON',
    product_size: '750ml',
    product_type: 'WINE',
    upc: '089744000125',
    case_size: 12,
    internal_sku: null,
    distributor: "Southern Glazer's",
    ydk_product_id: null,
    last_purchase_price: 16.8,
    last_invoiced_price: 24.99,
    price: 24.99,
    price_source: 'list',
    list_price: 24.99,
    tier: null,
    match: 'name',
  },
];

export const PRODUCT_PRICE_ANSWER = {
  product_id: '8674697a-0a9b-475e-8a6d-ed49f8ef598d',
  customer_id: null,
  date: '2026-11-25',
  price: 24.99,
  price_source: 'list',
  list_price: 24.99,
  tier: null,
};
