/** Example of GET /comptroller/alcohol-sales for the OpenAPI document (the demo company's October). */
export const ALCOHOL_SALES_ANSWER = {
  month: '2026-10',
  permit: 'LP123456',
  due_on: '2026-11-25',
  ready: false,
  totals: { lines: 412, retailers: 38, units: 2291, net: 48210.5 },
  by_type: [{ type: 'DS', lines: 240, units: 1102, net: 30110.25 }],
  missing: [
    {
      kind: 'customer_taxpayer_number',
      id: '780dbb31-41f6-4ef0-a28d-77bb6d9bf698',
      name: 'Gulf Coast Oyster Bar',
      message: 'No Comptroller taxpayer number.',
    },
  ],
  filename: 'alcohol_sales_LP123456_2026-10.csv',
};
