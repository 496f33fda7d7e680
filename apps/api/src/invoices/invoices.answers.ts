/** Examples of answers for the OpenAPI document: real answers of the demo company, lists cut to one row. */
export const INVOICE_RECENT_ANSWER = [
  {
    id: '6571ded8-2c83-49b4-9578-eccc81c91e00',
    number: '1',
    status: 'partially_paid',
    total: 54.1,
    invoiced_at: '2026-11-25',
    due_at: null,
    customer_id: '780dbb31-41f6-4ef0-a28d-77bb6d9bf698',
    customer_name: 'Gulf Coast Oyster Bar',
    created_at: '2026-11-25T17:27:35.998Z',
  },
];

export const INVOICE_NEW_NUMBER_ANSWER = {
  number: '2',
  sequence: 2,
  prefix: '',
};

export const COMPANY_QUICK_SEARCH_ANSWER = {
  invoices: [
    {
      id: '6571ded8-2c83-49b4-9578-eccc81c91e00',
      number: '1',
      status: 'partially_paid',
      total: 54.1,
      invoiced_at: '2026-11-25',
      due_at: null,
      customer_id: '780dbb31-41f6-4ef0-a28d-77bb6d9bf698',
      customer_name: 'Gulf Coast Oyster Bar',
      created_at: '2026-11-25T17:27:35.998Z',
    },
  ],
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

export const INVOICE_LAST_ANSWER = {
  id: '6571ded8-2c83-49b4-9578-eccc81c91e00',
  number: '1',
  sequence: 1,
  beer: false,
  customer_id: '780dbb31-41f6-4ef0-a28d-77bb6d9bf698',
  customer: {
    id: '780dbb31-41f6-4ef0-a28d-77bb6d9bf698',
    name: 'Gulf Coast Oyster Bar',
    display_tabc_id: 'MB567890',
    address: '1 Seawall Blvd',
    city: 'Galveston',
    state: 'TX',
    zip: '77550',
    cash_on_delivery: true,
  },
  status: 'partially_paid',
  status_label: 'Partially Paid',
  statusInfo: [
    {
      reason: 'created',
      created_at: '2026-11-25T17:27:35.998Z',
      new_status: 'invoiced',
      label: 'Invoiced',
    },
  ],
  invoiced_at: '2026-11-25',
  due_at: null,
  due_on_delivery: true,
  note: '',
  company_note: '',
  logo_id: null,
  tax_rate: 8.25,
  sub_total: 49.98,
  tax_total: 4.12,
  total: 54.1,
  items: [
    {
      id: 1,
      position: 1,
      product_id: 'e55c720a-ed23-4a98-b9ec-203ced7b07a9',
      product: {
        id: 'e55c720a-ed23-4a98-b9ec-203ced7b07a9',
        product: "TITO'S HANDMADE VODKA",
        product_size: '750ml',
        product_type: 'LIQUOR',
        upc: '619947000020',
      },
      qty: 2,
      price: 24.99,
      taxable: true,
      on_deal: false,
      total: 49.98,
      tax: 4.12,
      cost: 16.8,
      below_cost: false,
      last_invoiced_price: null,
    },
  ],
  stamps: [
    {
      roll_id: 1,
      prefix: 'AB',
      from: 1000,
      to: 1001,
      count: 2,
    },
  ],
  stamp_count: 2,
  stamps_needed: 2,
  payments: [
    {
      id: '6cec526c-ff8a-47b9-94c0-ca94b73f8875',
      amount: 20,
      received_at: '2026-11-25',
      note: 'Check 1042',
      created_at: '2026-11-25T17:30:01.651Z',
    },
  ],
  paid: 20,
  balance: 34.1,
  remaining: 34.1,
  orders: [],
  created_at: '2026-11-25T17:27:35.998Z',
  updated_at: '2026-11-25T17:30:01.651Z',
};
