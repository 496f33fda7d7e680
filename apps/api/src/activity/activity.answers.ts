/** Examples of answers for the OpenAPI document: real answers of the demo company, lists cut to one row. */
export const USER_USER_ACTIVITY_GRID_ANSWER = {
  rows: [
    {
      id: '4a1d7f0e-52c1-4f55-9d57-64c1b0f3a0d2',
      module: 'PAYMENT',
      type: 'CREATE',
      success: true,
      info: {
        invoiceId: '6571ded8-2c83-49b4-9578-eccc81c91e00',
        invoiceNumber: '1042',
        beer: false,
        customerId: '1f7b4c8e-8a55-4d3e-9a7c-2f5b1e6d9c10',
        customerName: 'The Rusty Nail',
        paymentId: 'c2a0f8a4-3d6e-4b1f-8e2a-7c9d5b3e1f40',
        amountCents: 30000,
      },
      created_at: '2026-11-25T20:21:05.824Z',
      user_name: 'Ada Owner',
      user_id: '3',
      kind: 'payment',
      account: false,
      customer_id: '1f7b4c8e-8a55-4d3e-9a7c-2f5b1e6d9c10',
      invoice: '1042',
    },
  ],
  count: 12,
};
