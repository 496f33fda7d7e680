/** Examples of answers for the OpenAPI document: real answers of the demo company, lists cut to one row. */
export const INVOICE_EMAIL_ANSWER = [
  {
    id: '33c321f9-1265-405a-9790-bfa1e6b68ad1',
    kind: 'invoice',
    invoice_id: '6571ded8-2c83-49b4-9578-eccc81c91e00',
    invoice: { number: '1' },
    number: '1',
    document_id: null,
    customer_id: null,
    customer_name: null,
    period_from: null,
    period_to: null,
    emailed_to: 'buyer@gulfcoastoysterbar.com',
    notes: '',
    status: 'sent',
    attempts: 1,
    error: null,
    created_at: '2026-11-25T17:57:33.956Z',
    delivered_at: '2026-11-25T17:57:33.956Z',
  },
];

export const INVOICE_LINK_ANSWER = {
  token: '7kDs5UlTPwZMxGyPbAcTSm1yUIhv9aNmxtfiovxJURw',
  url: '/invoice/pdf/7kDs5UlTPwZMxGyPbAcTSm1yUIhv9aNmxtfiovxJURw',
  expires_at: '2026-12-25T17:57:31.568Z',
};

export const INVOICE_LINKS_REVOKED_ANSWER = {
  revoked: 1,
};

export const INVOICE_EMAIL_GRID_ANSWER = {
  rows: [
    {
      id: '33c321f9-1265-405a-9790-bfa1e6b68ad1',
      kind: 'invoice',
      invoice_id: '6571ded8-2c83-49b4-9578-eccc81c91e00',
      document_id: null,
      customer_id: null,
      customer_name: null,
      period_from: null,
      period_to: null,
      number: '1',
      emailed_to: 'buyer@gulfcoastoysterbar.com',
      notes: '',
      status: 'sent',
      attempts: 1,
      created_at: '2026-11-25T17:57:33.956Z',
      delivered_at: '2026-11-25T17:57:33.956Z',
    },
  ],
  count: 1,
};

export const INVOICE_EMAIL_SENT_ANSWER = {
  status: 'sent',
  message: 'Your email has been sent',
  recipients: [
    {
      emailed_to: 'buyer@gulfcoastoysterbar.com',
      status: 'sent',
      error: null,
    },
  ],
};
