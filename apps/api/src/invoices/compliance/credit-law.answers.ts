import type {
  CreditLawAlertsResponse,
  InvoiceChecksResponse,
  InvoiceCreditLawResponse,
} from '#domain/contracts/credit-law.contract.js';

export const INVOICE_CHECKS_ANSWER: InvoiceChecksResponse = {
  credit_law: 'advisory',
  licence_guard: 'advisory',
  cash_on_delivery: false,
  invoiced_at: '2026-11-27',
  statutory_due_at: '2026-12-10',
  last_day_to_pay: '2026-12-16',
  payment_terms: 'credit_law',
  payment_terms_from: 'company',
  default_due_at: '2026-12-10',
  terms_note: 'Payment due by the statutory date, 10 Dec 2026',
  delinquent: {
    permit: 'MB100002',
    effective_date: '2026-11-20',
    list_number: '2026-22',
    in_effect: true,
    refused: true,
    message:
      'This customer (MB100002) is on the TABC credit-law delinquent list since 12:01 a.m. on Nov 20, 2026 (list 2026-22): no liquor or wine may be sold to it on credit until TABC removes it from the list. Sell it cash on delivery, or, if it is exempt, the owner can record an override on the customer.',
    override: null,
  },
  licence: {
    message: "The customer's TABC licence MB 100002 is Suspended, not active.",
    license_id: '100002',
    license_type: 'MB',
    primary_status: 'Suspended',
    expiration_date: '2027-03-31',
    blocking: false,
  },
};

export const INVOICE_CREDIT_LAW_ANSWER: InvoiceCreditLawResponse = {
  credit_law: 'advisory',
  applies: true,
  purchased_at: '2026-11-10',
  statutory_due_at: '2026-11-25',
  last_day_to_pay: '2026-12-03',
  delinquent_on: '2026-12-04',
  standing: 'late',
  business_days_left: 0,
  balance: 54.1,
  notice: {
    available: true,
    subject: 'Credit law delinquency: The Rusty Nail (MB123456), invoice 1001',
    body: 'Report of a delinquent account (Texas Alcoholic Beverage Code §102.32(d); 16 TAC §45.121)\n…',
  },
  release: {
    available: false,
    subject: 'Credit law release: The Rusty Nail (MB123456), invoice 1001',
    body: 'Release of a delinquent account (Texas Alcoholic Beverage Code §102.32; 16 TAC §45.121)\n…',
  },
};

export const CREDIT_LAW_ALERTS_ANSWER: CreditLawAlertsResponse = {
  credit_law: 'advisory',
  today: '2026-11-27',
  counts: { due_soon: 1, grace: 0, late: 1 },
  due: [
    {
      id: '0f8f6a4e-3c55-4a55-9d55-6d6b1a0c1f00',
      number: '1002',
      customer_id: '780dbb31-41f6-4ef0-a28d-77bb6d9bf698',
      customer_name: 'The Rusty Nail',
      invoiced_at: '2026-11-16',
      due_at: '2026-12-10',
      status: 'invoiced',
      statutory_due_at: '2026-12-10',
      last_day_to_pay: '2026-12-16',
      standing: 'due_soon',
      balance: 120.5,
    },
  ],
  late: [
    {
      id: '6cec526c-ff8a-47b9-94c0-ca94b73f8875',
      number: '1001',
      customer_id: '780dbb31-41f6-4ef0-a28d-77bb6d9bf698',
      customer_name: 'The Rusty Nail',
      invoiced_at: '2026-10-12',
      due_at: '2026-10-25',
      status: 'payment_due',
      statutory_due_at: '2026-10-25',
      last_day_to_pay: '2026-10-29',
      standing: 'late',
      balance: 54.1,
    },
  ],
};
