/** Examples of the invoice answers for the OpenAPI document (real answers of the demo company). */
export const INVOICE_EXAMPLE = {
  id: '6571ded8-2c83-49b4-9578-eccc81c91e00',
  company_id: '2f0b7c5e-3a41-4c8e-9d6b-5e7f8a9b0c1d',
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
  status: 'invoiced',
  status_label: 'Invoiced',
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
  statutory_due_at: '2026-12-10',
  last_day_to_pay: '2026-12-16',
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
      product_id: '8674697a-0a9b-475e-8a6d-ed49f8ef598d',
      product: {
        id: '8674697a-0a9b-475e-8a6d-ed49f8ef598d',
        product: "TITO'S HANDMADE VODKA",
        product_size: '750ml',
        product_type: 'LIQUOR',
        upc: '619947000013',
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
      stamp_case_size: null,
      stamps: 2,
      credited_qty: 0,
    },
  ],
  stamps: [{ roll_id: 1, prefix: 'AB', from: 1000, to: 1001, count: 2 }],
  stamp_count: 2,
  stamps_needed: 2,
  payments: [],
  credit_memos: [],
  credited: 0,
  paid: 0,
  balance: 54.1,
  remaining: 54.1,
  orders: [],
  replaces: null,
  replaced_by: null,
  created_at: '2026-11-25T17:27:35.998Z',
  updated_at: '2026-11-25T17:27:35.998Z',
  licence_warning: null,
  cloverApiRequestLog: [
    {
      id: '0d7a3c61-9f2e-4b85-a1c4-6e2d8f9b3a70',
      sync_id: '5d0c3f55-5f8e-4a52-9d0a-0b7c3c1b2d11',
      createdAt: '2026-11-25T17:40:02.114Z',
      success_log: { message: 'Invoice 1 synced.' },
      error_log: null,
      external_id: 'QW8ZK3M1TR0BN',
    },
  ],
};

/** A payment as an invoice answer lists it. */
export const INVOICE_PAYMENT_EXAMPLE = {
  id: '6cec526c-ff8a-47b9-94c0-ca94b73f8875',
  amount: 20,
  received_at: '2026-11-25',
  note: 'Check 1042',
  created_at: '2026-11-25T17:30:01.651Z',
  from_account: false,
};

/** The invoice above with a payment logged: every payment call answers the invoice as it now is. */
export const INVOICE_WITH_PAYMENT_EXAMPLE = {
  ...INVOICE_EXAMPLE,
  status: 'partially_paid',
  status_label: 'Partially Paid',
  payments: [INVOICE_PAYMENT_EXAMPLE],
  paid: 20,
  balance: 34.1,
  remaining: 34.1,
  updated_at: '2026-11-25T17:30:01.651Z',
};

/** The invoice as the short lists show it (recent invoices, quick search). */
export const INVOICE_SUMMARY_EXAMPLE = {
  id: INVOICE_EXAMPLE.id,
  number: '1',
  status: 'partially_paid',
  total: 54.1,
  invoiced_at: '2026-11-25',
  due_at: null,
  customer_id: INVOICE_EXAMPLE.customer_id,
  customer_name: 'Gulf Coast Oyster Bar',
  created_at: '2026-11-25T17:27:35.998Z',
};

export const INVOICE_GRID_EXAMPLE = {
  rows: [
    {
      id: '6571ded8-2c83-49b4-9578-eccc81c91e00',
      number: '1',
      sequence: 1,
      beer: false,
      status: 'invoiced',
      status_info: [
        {
          reason: 'created',
          created_at: '2026-11-25T17:27:35.998Z',
          new_status: 'invoiced',
        },
      ],
      total: 54.1,
      sub_total: 49.98,
      tax_total: 4.12,
      paid: 0,
      balance: 54.1,
      invoiced_at: '2026-11-25',
      due_at: null,
      customer_id: '780dbb31-41f6-4ef0-a28d-77bb6d9bf698',
      customer: 'Gulf Coast Oyster Bar',
      customer_tabc_id: 'MB567890',
      items: '2 × BECKER VINEYARDS CABERNET SAUVIGNON 750ml',
      item_count: 1,
      created_at: '2026-11-25T17:27:35.998Z',
      replaces: null,
      replaced_by: null,
    },
  ],
  count: 1,
};

/** The replacement of cancelled invoice 1: a new number, naming the invoice it replaces. */
export const INVOICE_REPLACEMENT_EXAMPLE = {
  ...INVOICE_EXAMPLE,
  id: '0b8e7f52-3d41-4c9a-a1f6-5e2d8c7b9a30',
  number: '2',
  sequence: 2,
  stamps: [{ roll_id: 1, prefix: 'AB', from: 1002, to: 1003, count: 2 }],
  stamp_count: 2,
  replaces: { id: INVOICE_EXAMPLE.id, number: '1' },
};
