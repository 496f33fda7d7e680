import { ORDER_EXAMPLE } from '../orders.answers.js';

/* The ordering app's past orders and invoices, balance and usual products, as a customer user reads them. */

const REORDER_EXAMPLE = {
  product_id: '5dee7b97-bfab-4cc6-92e1-f86354c9127d',
  product: "TITO'S VODKA",
  product_size: '750ml',
  product_type: 'LIQUOR',
  qty: 2,
  price: 19.99,
};

/** GET /shop/order/{id}. */
export const SHOP_ORDER_DETAIL_ANSWER = { order: ORDER_EXAMPLE, reorder: [REORDER_EXAMPLE] };

/** GET /shop/invoice/{id}. */
export const SHOP_INVOICE_DETAIL_ANSWER = {
  id: 'ed19728f-ca81-4881-b2a3-0d99397ef81f',
  number: '1',
  status: 'invoiced',
  status_label: 'Invoiced',
  invoiced_at: '2026-11-25',
  due_at: '2026-12-25',
  due_on_delivery: false,
  note: '',
  tax_rate: 8.25,
  sub_total: 39.98,
  tax_total: 3.3,
  total: 43.28,
  paid: 0,
  remaining: 43.28,
  items: [
    {
      line: 1,
      product_id: '5dee7b97-bfab-4cc6-92e1-f86354c9127d',
      product: {
        id: '5dee7b97-bfab-4cc6-92e1-f86354c9127d',
        product: "TITO'S VODKA",
        product_size: '750ml',
        product_type: 'LIQUOR',
      },
      qty: 2,
      price: 19.99,
      taxable: true,
      total: 39.98,
      tax: 3.3,
      previous_qty: null,
      previous_price: null,
      qty_change_note: '',
      price_change_note: '',
    },
  ],
  reorder: [REORDER_EXAMPLE],
};

/** GET /shop/balance. */
export const SHOP_BALANCE_ANSWER = { owing: 143.28, overdue: 43.28, open_invoices: 2, overdue_invoices: 1 };

/** GET /shop/catalogue/usual. */
export const SHOP_USUAL_ANSWER = [
  {
    id: '5dee7b97-bfab-4cc6-92e1-f86354c9127d',
    product: "TITO'S VODKA",
    product_size: '750ml',
    product_type: 'LIQUOR',
    upc: null,
    price: 19.99,
  },
];
