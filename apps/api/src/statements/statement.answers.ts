/** Examples of answers for the OpenAPI document: real answers of the demo company, lists cut to one row or two. */
export const STATEMENT_ANSWER = {
  customer: {
    id: '780dbb31-41f6-4ef0-a28d-77bb6d9bf698',
    name: 'Gulf Coast Oyster Bar',
    address: '1 Seawall Blvd',
    city: 'Galveston',
    state: 'TX',
    zip: '77550',
    display_tabc_id: 'MB567890',
  },
  period: { from: '2026-11-01', to: '2026-11-30' },
  as_of: '2026-11-29',
  aging_on: '2026-11-29',
  opening_balance: 120.5,
  rows: [
    {
      kind: 'invoice',
      id: '6571ded8-2c83-49b4-9578-eccc81c91e00',
      date: '2026-11-25',
      reference: '1042',
      description: 'Invoice 1042',
      charge: 54.1,
      credit: 0,
      balance: 174.6,
      due_on: '2026-12-10',
      invoice_id: null,
    },
    {
      kind: 'payment',
      id: '0b6f0c1e-6a43-4f57-9a57-2f3c2b1d8e10',
      date: '2026-11-27',
      reference: '1017',
      description: 'Payment on invoice 1017 · check 4471',
      charge: 0,
      credit: 120.5,
      balance: 54.1,
      due_on: null,
      invoice_id: '1c9a4a55-0f0c-4a3e-a6f2-7d1c84a3f0aa',
    },
  ],
  totals: { charges: 54.1, credits: 120.5 },
  closing_balance: 54.1,
  aging: {
    current: 54.1,
    days_1_30: 0,
    days_31_60: 0,
    days_61_90: 0,
    days_over_90: 0,
    unapplied_credit: 0,
  },
};

export const STATEMENT_LINK_ANSWER = {
  token: 'hUNja32ziqrClSU6DogvcZsNkEq6qiC53ojxoeVm9PQ',
  url: '/customer/statement/pdf/hUNja32ziqrClSU6DogvcZsNkEq6qiC53ojxoeVm9PQ',
  expires_at: '2026-12-29T17:57:31.894Z',
  period: { from: '2026-11-01', to: '2026-11-30' },
};

export const STATEMENT_LINKS_REVOKED_ANSWER = {
  revoked: 1,
};

export const STATEMENT_EMAIL_ANSWER = {
  message: 'Your email has been sent',
  emailed_to: 'ap@gulfcoastoysterbar.example',
  status: 'sent',
  email_id: '9e2d4c1b-6a7f-4b8c-9d0e-1f2a3b4c5d6e',
};

export const PUBLIC_STATEMENT_ANSWER = {
  ...STATEMENT_ANSWER,
  company: {
    name: 'Rosa Diaz',
    address: '',
    city: '',
    state: 'TX',
    zip: '',
    tabc_id: '',
    logo: null,
  },
};

export const STATEMENT_RUN_ANSWER = {
  id: '7d3c1f8e-2b4a-4c6d-9e8f-0a1b2c3d4e5f',
  month: '2026-10',
  mode: 'email',
  status: 'done',
  total: 42,
  done: 42,
  quiet: 3,
  requested: 37,
  sent: 35,
  queued: 1,
  skipped: 3,
  failed: 1,
  failures: [
    {
      customer_id: '0b6e2f1a-3c4d-4e5f-8a9b-1c2d3e4f5a6b',
      customer: 'The Rusty Nail',
      message: 'Error: 550 mailbox unavailable',
    },
  ],
  file_url: null,
  started_at: '2026-11-01T14:00:00.000Z',
  finished_at: '2026-11-01T14:00:09.000Z',
};
