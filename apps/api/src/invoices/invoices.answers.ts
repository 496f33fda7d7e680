import {
  INVOICE_EXAMPLE,
  INVOICE_SUMMARY_EXAMPLE,
  INVOICE_WITH_PAYMENT_EXAMPLE,
} from './invoice.examples.js';

/** Examples of answers for the OpenAPI document: real answers of the demo company, lists cut to one row. */
export const INVOICE_RECENT_ANSWER = [INVOICE_SUMMARY_EXAMPLE];

export const INVOICE_NEW_NUMBER_ANSWER = {
  number: '2',
  sequence: 2,
  prefix: '',
};

export const COMPANY_QUICK_SEARCH_ANSWER = {
  invoices: [INVOICE_SUMMARY_EXAMPLE],
  customers: [
    {
      id: '780dbb31-41f6-4ef0-a28d-77bb6d9bf698',
      name: 'Gulf Coast Oyster Bar',
      display_tabc_id: 'MB567890',
      city: 'Galveston',
      color_index: 9,
    },
  ],
};

/** The customer's last invoice: the example invoice with a payment, on a liquor line that took two stamps. */
export const INVOICE_LAST_ANSWER = {
  ...INVOICE_WITH_PAYMENT_EXAMPLE,
  items: [
    {
      ...INVOICE_EXAMPLE.items[0]!,
      product_id: 'e55c720a-ed23-4a98-b9ec-203ced7b07a9',
      product: {
        id: 'e55c720a-ed23-4a98-b9ec-203ced7b07a9',
        product: "TITO'S HANDMADE VODKA",
        product_size: '750ml',
        product_type: 'LIQUOR',
        upc: '619947000020',
      },
    },
  ],
  stamps: [{ roll_id: 1, prefix: 'AB', from: 1000, to: 1001, count: 2 }],
  stamp_count: 2,
  stamps_needed: 2,
  stamps_returned: 0,
};
