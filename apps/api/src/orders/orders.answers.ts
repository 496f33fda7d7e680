/**
 * Examples of the order answers for the OpenAPI document: real answers of a placed order (the demo company's bar
 * manager's), lists cut to one row. One order example; the other answers are that order after a step.
 */
export const ORDER_EXAMPLE = {
  id: '63509d28-2078-553b-84bc-980e234d3422',
  order_number: 1,
  status: 'placed',
  status_label: 'Placed',
  created_at: '2026-11-25T20:33:45.507Z',
  ordered_at: '2026-11-25T20:33:45.507Z',
  updated_at: '2026-11-25T20:33:45.507Z',
  total: 39.98,
  units: 2,
  note: [
    {
      note: 'Before Friday',
      created_at: '2026-11-25T20:33:45.507Z',
      company_user_id: null,
    },
  ],
  orderItems: [
    {
      line: 1,
      product_id: 'e52f1221-afaa-4ea8-8c61-d7024e4d2507',
      product: {
        id: 'e52f1221-afaa-4ea8-8c61-d7024e4d2507',
        product: "TITO'S HANDMADE VODKA",
        product_size: '750ml',
        product_type: 'LIQUOR',
        upc: null,
      },
      qty: 2,
      price: 19.99,
      total: 39.98,
      is_rejected: false,
      rejection_note: '',
      is_added: false,
      new_qty: null,
      previous_qty: null,
      qty_change_note: '',
      new_price: null,
      previous_price: null,
      price_change_note: '',
      invoiced_qty: 0,
    },
  ],
  invoices: [],
  customerUser: {
    id: '99d63c8e-d989-4ae9-b7a3-f12fdb20947e',
    name: 'Bar Manager',
    customer: {
      id: 'cdf2ee9b-2424-4bf2-88c7-764d76a02aad',
      zip: '78701',
      city: 'Austin',
      name: 'The Rusty Nail',
      state: 'TX',
      address: '500 E 6th St',
    },
  },
  company: {
    id: '4444474a-4a9e-479d-8059-8ac90e44bb19',
    name: 'Rosa Diaz',
  },
};

/** GET /order/{idOrNumber}: the order and its reviewed items (none yet). */
export const ORDER_DETAIL_ANSWER = { order: ORDER_EXAMPLE, modifiedOrderItems: [] };

/** The order's first line after a price review, keeping the previous price. */
const REVIEWED_ITEM = {
  line: 1,
  product_id: 'e52f1221-afaa-4ea8-8c61-d7024e4d2507',
  product: {
    id: 'e52f1221-afaa-4ea8-8c61-d7024e4d2507',
    product: "TITO'S HANDMADE VODKA",
    product_size: '750ml',
    product_type: 'LIQUOR',
    upc: null,
  },
  qty: 2,
  price: 18.5,
  total: 37,
  is_rejected: false,
  rejection_note: '',
  is_added: false,
  new_qty: null,
  previous_qty: null,
  qty_change_note: '',
  new_price: 18.5,
  previous_price: 19.99,
  price_change_note: 'Deal',
  invoiced_qty: 0,
};

/** PUT /order/{idOrNumber}/item/{line}: the order after the review, and its reviewed items. */
export const ORDER_ITEM_REVIEWED_ANSWER = {
  order: { ...ORDER_EXAMPLE, total: 37, orderItems: [REVIEWED_ITEM], updated_at: '2026-11-25T20:33:45.588Z' },
  modifiedOrderItems: [REVIEWED_ITEM],
};

/** PUT /order/{idOrNumber}: the order with a note from the distributor (or its new status). */
export const ORDER_CHANGED_ANSWER = {
  order: {
    ...ORDER_ITEM_REVIEWED_ANSWER.order,
    note: [
      {
        note: 'Delivering Tuesday',
        created_at: '2026-11-25T20:33:45.602Z',
        company_user_id: '03af00a4-c350-4d0d-b8df-a3496f17a503',
      },
    ],
    updated_at: '2026-11-25T20:33:45.602Z',
  },
  modifiedOrderItems: [REVIEWED_ITEM],
};

/** GET /pdf/order/{token}: what the public order view shows — the order as it stands, and its reviewed items. */
export const PUBLIC_ORDER_ANSWER = ORDER_CHANGED_ANSWER;

/** POST /order/{idOrNumber}/link (201). */
export const ORDER_LINK_ANSWER = {
  token: 'xhvKXSGcc7Oq58bXX1OkdVyp0TATlQwr5ihakPuMNjc',
  url: '/order/pdf/xhvKXSGcc7Oq58bXX1OkdVyp0TATlQwr5ihakPuMNjc',
  expires_at: '2026-12-25T20:33:45.613Z',
};

/** GET /order/grid: one page of orders and the count. */
export const ORDER_GRID_ANSWER = {
  count: 2,
  rows: [
    {
      id: '63509d28-2078-553b-84bc-980e234d3422',
      order_number: 1,
      status: 'placed',
      created_at: '2026-11-25T20:33:45.507Z',
      customer_id: 'cdf2ee9b-2424-4bf2-88c7-764d76a02aad',
      customer: 'The Rusty Nail',
      customer_address: '500 E 6th St, Austin, TX 78701',
      customer_exists: true,
      units: 2,
      total: 39.98,
      invoices: [],
    },
  ],
};

/** POST /shop/order (201): the placed order. */
export const SHOP_ORDER_PLACED_ANSWER = ORDER_EXAMPLE;

/** POST /shop/order/{id}/cancel: the order cancelled by its customer user. */
export const SHOP_ORDER_CANCELLED_ANSWER = {
  ...ORDER_EXAMPLE,
  status: 'cancelled',
  status_label: 'Cancelled',
  updated_at: '2026-11-25T20:33:45.564Z',
};

/** GET /shop/order: the customer's orders, newest first. */
export const SHOP_ORDERS_ANSWER = [ORDER_EXAMPLE];

/** GET /shop/invitation?token=: who is invited, to which distributor. */
export const SHOP_INVITATION_ANSWER = {
  name: 'Bar Manager',
  email: 'manager@rustynail.example',
  company_name: 'Rosa Diaz',
  subdomain: null,
};

/** POST /shop/invitation/accept and POST /shop/auth/sign-in: the customer user's bearer token (opaque). */
export const SHOP_TOKEN_ANSWER = {
  token: 'JenUVBv8Cou0vC7n35MiGsNSzJWtyU6lAWyIx7yg5lQ',
};

/** GET /shop/me: the signed-in customer user, its customer and distributor. */
export const SHOP_ME_ANSWER = {
  id: '99d63c8e-d989-4ae9-b7a3-f12fdb20947e',
  name: 'Bar Manager',
  email: 'manager@rustynail.example',
  customer: {
    id: 'cdf2ee9b-2424-4bf2-88c7-764d76a02aad',
    name: 'The Rusty Nail',
    address: '500 E 6th St',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
  },
  company: {
    id: '4444474a-4a9e-479d-8059-8ac90e44bb19',
    name: 'Rosa Diaz',
    subdomain: null,
    tax_rate: 8.25,
  },
};

/** GET /shop/catalogue: the distributor's products at this customer's prices. */
export const SHOP_CATALOGUE_ANSWER = [
  {
    id: '5dee7b97-bfab-4cc6-92e1-f86354c9127d',
    product: 'SHINER BOCK',
    product_size: '750ml',
    product_type: 'BEER',
    upc: null,
    price: 14.5,
  },
];

/** GET /shop/invoice: the customer's invoices and their status. */
export const SHOP_INVOICES_ANSWER = [
  {
    id: 'ed19728f-ca81-4881-b2a3-0d99397ef81f',
    number: '1B',
    status: 'invoiced',
    invoiced_at: '2026-11-25',
    due_at: null,
    total: 31.39,
  },
];

export const ORDER_COUNT_ANSWER = {
  count: 0,
};
