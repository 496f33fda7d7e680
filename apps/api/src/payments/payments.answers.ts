import { INVOICE_WITH_PAYMENT_EXAMPLE } from '../invoices/invoice.examples.js';

/** Examples of answers for the OpenAPI document: real answers of the demo company, lists cut to one row. */
export const INVOICE_PAYMENT_GRID_ANSWER = {
  rows: [
    {
      id: '6cec526c-ff8a-47b9-94c0-ca94b73f8875',
      invoice_id: '6571ded8-2c83-49b4-9578-eccc81c91e00',
      number: '1',
      sequence: 1,
      customer_id: '780dbb31-41f6-4ef0-a28d-77bb6d9bf698',
      customer: 'Gulf Coast Oyster Bar',
      status: 'partially_paid',
      invoice_total: 54.1,
      amount: 20,
      received_at: '2026-11-25',
      note: 'Check 1042',
      created_at: '2026-11-25T17:30:01.651Z',
    },
  ],
  count: 1,
};

export const CUSTOMER_BALANCE_ANSWER = {
  customer: {
    id: '780dbb31-41f6-4ef0-a28d-77bb6d9bf698',
    name: 'Gulf Coast Oyster Bar',
    address: '1 Seawall Blvd',
    city: 'Galveston',
    state: 'TX',
    zip: '77550',
    display_tabc_id: 'MB567890',
  },
  summary: {
    owing: 34.1,
    unapplied_credit: 0,
    balance: 34.1,
  },
  invoices: [
    {
      id: '6571ded8-2c83-49b4-9578-eccc81c91e00',
      number: '1',
      invoiced_at: '2026-11-25',
      total: 54.1,
      credited: 0,
      paid: 20,
      balance: 34.1,
      due_at: null,
      due_on_delivery: true,
      status: 'partially_paid',
    },
  ],
};

export const CUSTOMER_CHECK_BALANCE_ANSWER = {
  owing: 34.1,
  open_invoices: 1,
};

/** An invoice with a payment logged: every payment call answers the invoice as it now is. */
export const INVOICE_WITH_PAYMENT_ANSWER = INVOICE_WITH_PAYMENT_EXAMPLE;
