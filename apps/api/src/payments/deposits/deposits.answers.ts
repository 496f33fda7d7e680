/** GET /deposits: a beer check overdue and a liquor check due in time. */
export const DEPOSITS_ANSWER = {
  today: '2026-11-30',
  checks: [
    {
      payment_id: '6cec526c-ff8a-47b9-94c0-ca94b73f8875',
      invoice_id: '6571ded8-2c83-49b4-9578-eccc81c91e00',
      invoice_number: '12B',
      customer_id: '780dbb31-41f6-4ef0-a28d-77bb6d9bf698',
      customer: 'Gulf Coast Oyster Bar',
      amount: 62.79,
      reference: '1042',
      received_at: '2026-11-25',
      beer: true,
      deposit_by: '2026-11-28',
      overdue: true,
    },
  ],
};
