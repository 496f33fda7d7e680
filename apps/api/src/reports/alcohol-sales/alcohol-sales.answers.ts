const OCTOBER_FILING = {
  month: '2026-10',
  due_on: '2026-11-25',
  status: 'filed',
  penalty: 0,
  downloads: 2,
  downloaded_at: '2026-11-20T15:02:11.000Z',
  downloaded_by: 'Dana Ortiz',
  no_sales: false,
  filed_at: '2026-11-20T15:30:00.000Z',
  filed_by: 'Dana Ortiz',
  confirmation_number: 'RITS-2026110012',
};

/** Example of GET /comptroller/alcohol-sales for the OpenAPI document (the demo company's October). */
export const ALCOHOL_SALES_ANSWER = {
  month: '2026-10',
  permit: 'LP123456',
  due_on: '2026-11-25',
  ready: false,
  totals: { lines: 412, retailers: 38, units: 2291, net: 48210.5 },
  by_type: [{ type: 'DS', lines: 240, units: 1102, net: 30110.25 }],
  records: 301,
  no_sales: false,
  missing: [
    {
      kind: 'customer_taxpayer_number',
      id: '780dbb31-41f6-4ef0-a28d-77bb6d9bf698',
      name: 'Gulf Coast Oyster Bar',
      field: 'Retailer taxpayer number',
      message:
        'No Comptroller taxpayer number: the file reports "0", as the Comptroller asks when it is unknown.',
    },
  ],
  filename: 'alcohol_sales_LP123456_2026-10.csv',
  rits_filename: 'RITS_LP123456_2026-10.csv',
  filing: OCTOBER_FILING,
};

/** Example of POST /company/{id}/alcohol-reports/{month}/filed. */
export const ALCOHOL_REPORT_MONTH_ANSWER = OCTOBER_FILING;

/** Example of GET /company/{id}/alcohol-reports. */
export const ALCOHOL_REPORT_MONTHS_ANSWER = {
  today: '2026-11-29',
  months: [
    OCTOBER_FILING,
    {
      ...OCTOBER_FILING,
      month: '2026-09',
      due_on: '2026-10-26',
      status: 'late',
      penalty: 50,
      downloads: 0,
      downloaded_at: null,
      downloaded_by: null,
      no_sales: null,
      filed_at: null,
      filed_by: null,
      confirmation_number: null,
    },
  ],
  reminder: null,
};
