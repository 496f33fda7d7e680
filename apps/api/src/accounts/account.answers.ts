import type { CustomerAccountResponse } from '#domain/contracts/account.contract.js';

/** The customer's account after a $500.00 check paid two invoices ($350.00) and left $150.00 as credit. */
export const CUSTOMER_ACCOUNT_ANSWER: CustomerAccountResponse = {
  customer_id: '780dbb31-41f6-4ef0-a28d-77bb6d9bf698',
  unapplied_credit: 150,
  received: 500,
  credited_from_invoices: 0,
  applied: 350,
  refunded: 0,
  owing: 54.1,
  balance: -95.9,
  entries: [
    {
      id: '0b1f6c1e-52a4-4a55-9d4b-2f0a44f1d7a1',
      kind: 'application',
      date: '2026-11-25',
      amount: 350,
      method: null,
      reference: '',
      invoice_id: '6571ded8-2c83-49b4-9578-eccc81c91e00',
      invoice_number: '1',
      at: '2026-11-25T17:30:01.651Z',
    },
  ],
};
