import type { CreditMemoGridRow, CreditMemoResponse } from '#domain/contracts/credit-memo.contract.js';

/* The OpenAPI examples of the credit-memo calls (test/api/credit-memos.e2e-spec.ts checks real answers against them). */

export const CREDIT_MEMO_EXAMPLE: CreditMemoResponse = {
  id: '0f6c1f52-8d5a-5b8e-9a51-2c7f3f0e6a11',
  number: 'CM-1001',
  sequence: 1001,
  invoice_id: '3c1b7e0a-52f4-4d8e-9b1a-6e2f0c9d7a55',
  invoice_number: '345',
  customer_id: '780dbb31-41f6-4ef0-a28d-77bb6d9bf698',
  customer: 'Gulf Coast Oyster Bar',
  reason: 'delivered_damaged',
  reason_label: 'Delivered damaged',
  note: 'Two bottles broken in the case',
  lines: [
    {
      line_no: 1,
      product_id: '8674697a-0a9b-475e-8a6d-ed49f8ef598d',
      name: 'BECKER VINEYARDS CABERNET SAUVIGNON',
      size: '750ml',
      type: 'WINE',
      qty: 2,
      price: 24.99,
      total: 49.98,
      tax: 4.12,
    },
  ],
  stamps: [],
  sub_total: 49.98,
  tax_total: 4.12,
  total: 54.1,
  issued_on: '2026-11-25',
  issued_at: '2026-11-25T17:40:12.118Z',
  issued_by: '5d1f8b7e-2c4a-4e9b-8f3d-1a6c0b9e7d22',
  status: 'issued',
  voided_at: null,
  voided_by: null,
  void_reason: null,
};

export const CREDIT_MEMO_VOID_EXAMPLE: CreditMemoResponse = {
  ...CREDIT_MEMO_EXAMPLE,
  status: 'void',
  voided_at: '2026-11-25T18:02:44.310Z',
  voided_by: '5d1f8b7e-2c4a-4e9b-8f3d-1a6c0b9e7d22',
  void_reason: 'Issued on the wrong invoice',
};

const GRID_ROW: CreditMemoGridRow = {
  id: CREDIT_MEMO_EXAMPLE.id,
  number: 'CM-1001',
  sequence: 1001,
  issued_on: '2026-11-25',
  customer_id: CREDIT_MEMO_EXAMPLE.customer_id,
  customer: 'Gulf Coast Oyster Bar',
  invoice_id: CREDIT_MEMO_EXAMPLE.invoice_id,
  invoice_number: '345',
  reason: 'delivered_damaged',
  total: 54.1,
  status: 'issued',
};

export const CREDIT_MEMO_GRID_EXAMPLE = { rows: [GRID_ROW], count: 1 };

/** POST /credit-memo/{id}/email */
export const CREDIT_MEMO_EMAIL_EXAMPLE = {
  message: 'Your email has been sent',
  emailed_to: 'ap@rustynail.example',
  status: 'sent',
  email_id: '5b1f0c7e-9a2d-4e3f-8b6a-7c8d9e0f1a2b',
};

/** GET /credit-memo/{id}/email: the memo's e-mails, newest first */
export const CREDIT_MEMO_EMAILS_EXAMPLE = [
  {
    id: '5b1f0c7e-9a2d-4e3f-8b6a-7c8d9e0f1a2b',
    kind: 'credit_memo',
    invoice_id: null,
    invoice: { number: 'CM-1001' },
    number: 'CM-1001',
    document_id: CREDIT_MEMO_EXAMPLE.id,
    customer_id: CREDIT_MEMO_EXAMPLE.customer_id,
    customer_name: 'Gulf Coast Oyster Bar',
    period_from: null,
    period_to: null,
    emailed_to: 'ap@rustynail.example',
    notes: '',
    status: 'sent',
    attempts: 1,
    error: null,
    created_at: '2026-11-25T18:02:11.410Z',
    delivered_at: '2026-11-25T18:02:11.410Z',
  },
];
