/** Examples of answers for the OpenAPI document: real answers of the demo company, lists cut to one row. */
export const BALANCE_LINK_ANSWER = {
  token: 'hUNja32ziqrClSU6DogvcZsNkEq6qiC53ojxoeVm9PQ',
  url: '/customer/balance/pdf/hUNja32ziqrClSU6DogvcZsNkEq6qiC53ojxoeVm9PQ',
  expires_at: '2026-12-25T17:57:31.894Z',
};

export const BALANCE_LINKS_REVOKED_ANSWER = {
  revoked: 1,
};

export const PUBLIC_BALANCE_ANSWER = {
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
    owing: 54.1,
    unapplied_credit: 0,
    balance: 54.1,
  },
  invoices: [
    {
      id: '6571ded8-2c83-49b4-9578-eccc81c91e00',
      number: '1',
      invoiced_at: '2026-11-25',
      total: 54.1,
      credited: 0,
      paid: 0,
      balance: 54.1,
      due_at: null,
      due_on_delivery: true,
      status: 'invoiced',
    },
  ],
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
