/** Examples of answers for the OpenAPI document: real answers of the demo company, lists cut to one row. */
export const COMPANY_STATS_ANSWER = {
  name: 'monthly',
  from: '2026-11-01',
  to: '2026-11-25',
  generated_at: '2026-11-25T17:31:11.199Z',
  stats: {
    customerCount: 1,
    invoiceCount: 1,
    invoiceTotal: 54.1,
    orderCount: 0,
    orderTotal: 0,
  },
  productStats: [
    {
      product_id: '8674697a-0a9b-475e-8a6d-ed49f8ef598d',
      product: 'BECKER VINEYARDS CABERNET SAUVIGNON',
      product_size: '750ml',
      invoice: 1,
      total_qty: 2,
      total_amount: 49.98,
      total_invoices: 1,
    },
  ],
  orderStats: {
    total_qty: 0,
  },
};
