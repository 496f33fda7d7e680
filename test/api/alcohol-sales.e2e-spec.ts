import type { AlcoholSalesReportAnswer } from '#domain/contracts/alcohol-sales.contract.js';
import {
  monthDays,
  previousMonth,
  REPORT_COLUMNS,
  reportDueOn,
} from '#domain/reports/alcohol-sales-report.js';
import { businessDate } from '#domain/shared/business-date.js';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { type ApiClient, apiClient, LONE_STAR_SPIRITS, signUpOwner } from '../support/http.js';

const thisMonth = () => businessDate(new Date().toISOString()).slice(0, 7);
const lastMonth = () => previousMonth(thisMonth());
const DETAILS = LONE_STAR_SPIRITS;
const product = (fields: object) => ({ product_price: 10, last_purchase_price: '5.00', ...fields });

/** CSV text as rows of cells (the test's lines have no quoted commas or line breaks). */
const rowsOf = (csv: string) =>
  csv
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));

describe('Comptroller alcohol sales report (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;
  let token: string;
  let companyId: string;
  let rustyNail: string;
  let saloon: string;
  let wine: string;
  let pint: string;
  let draftId: string;
  const month = lastMonth();
  const { from, to } = monthDays(month);

  const report = (query: string, as = token) =>
    api.get<AlcoholSalesReportAnswer & { message?: string; details?: unknown }>(
      `comptroller/alcohol-sales?${query}`,
      as,
    );

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
    const owner = await signUpOwner(api);
    token = owner.token;
    companyId = owner.user.company_id;
    expect((await api.put(`company/${companyId}`, DETAILS, token)).status).toBe(200);
    await api.post('stamp/roll', { prefix: 'AB', received_at: from, from: 1000, to: 1479 }, token);
    const customer = await api.post(
      'customer',
      { ...RUSTY_NAIL, comptroller_taxpayer_number: '3-20-1234567-8' },
      token,
    );
    expect(customer.status).toBe(201);
    expect(customer.body.comptroller_taxpayer_number).toBe('32012345678');
    rustyNail = customer.body.id;
    saloon = (
      await api.post(
        'customer',
        { ...RUSTY_NAIL, name: 'Saloon No 10', tabc_id: 'MB654321', address: '10 Main St' },
        token,
      )
    ).body.id;
    const titos = await api.post(
      'product',
      product({
        product: "Tito's Vodka",
        product_type: 'liquor',
        product_size: '750ml',
        upc: '619947000013',
        case_size: 12,
      }),
      token,
    );
    expect(titos.body.case_size).toBe(12);
    wine = (
      await api.post(
        'product',
        product({ product: 'House Red', product_type: 'wine', product_size: '750ml' }),
        token,
      )
    ).body.id;
    pint = (
      await api.post(
        'product',
        product({
          product: 'Old Crow',
          product_type: 'liquor',
          product_size: 'pint',
          upc: '080686001010',
          case_size: 24,
        }),
        token,
      )
    ).body.id;
    const shiner = (
      await api.post(
        'product',
        product({
          product: 'Shiner Bock',
          product_type: 'beer',
          product_size: '12oz',
          upc: '07324300001',
          case_size: 24,
        }),
        token,
      )
    ).body.id;
    const soda = (
      await api.post(
        'product',
        product({ product: 'Topo Chico', product_type: 'n/a', product_size: '12oz' }),
        token,
      )
    ).body.id;
    const invoice = async (
      customerId: string,
      day: string,
      items: { product_id: string; qty: number; price: number }[],
    ) => {
      const created = await api.post(
        'invoice',
        { customer_id: customerId, items, invoiced_at: day, force: true },
        token,
      );
      expect(created.status).toBe(201);
      return created.body as { id: string; number: string };
    };
    await invoice(rustyNail, from, [
      { product_id: titos.body.id, qty: 6, price: 19.99 },
      { product_id: wine, qty: 2, price: 12.5 },
      { product_id: soda, qty: 10, price: 1 },
    ]);
    await invoice(saloon, to, [{ product_id: pint, qty: 3, price: 9 }]);
    await invoice(saloon, to, [{ product_id: shiner, qty: 24, price: 1.25 }]);
    const cancelled = await invoice(rustyNail, to, [{ product_id: titos.body.id, qty: 50, price: 19.99 }]);
    expect((await api.put(`invoice/${cancelled.number}`, { status: 'cancelled' }, token)).status).toBe(200);
    const draft = await invoice(rustyNail, from, [{ product_id: titos.body.id, qty: 1, price: 19.99 }]);
    expect((await api.put(`invoice/${draft.number}`, { status: 'draft' }, token)).status).toBe(200);
    draftId = draft.id;
    await invoice(rustyNail, businessDate(new Date().toISOString()), [
      { product_id: titos.body.id, qty: 4, price: 19.99 },
    ]);
  });
  afterAll(async () => {
    await app.close();
  });

  it("answers the month's totals by beverage type, leaving out non-alcoholic, cancelled and draft lines", async () => {
    const { status, body } = await report(`month=${month}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      month,
      permit: 'LP123456',
      due_on: reportDueOn(month),
      ready: false,
      totals: { lines: 4, retailers: 2, units: 35, net: 119.94 + 25 + 27 + 30 },
      by_type: [
        { type: 'DS', lines: 2, units: 9, net: 146.94 },
        { type: 'W', lines: 1, units: 2, net: 25 },
        { type: 'B', lines: 1, units: 24, net: 30 },
      ],
      filename: `alcohol_sales_LP123456_${month}.csv`,
    });
  });

  it('lists what must be filled before the due date, in the terms of the RITS file', async () => {
    const { body } = await report(`month=${month}`);
    expect(body.missing.map(({ kind, id, name }) => ({ kind, id, name }))).toEqual([
      { kind: 'customer_taxpayer_number', id: saloon, name: 'Saloon No 10' },
      { kind: 'product_upc', id: wine, name: 'HOUSE RED 750ML' },
      { kind: 'product_size', id: pint, name: 'OLD CROW PINT' },
      { kind: 'draft_invoice', id: draftId, name: expect.stringMatching(/^#\d+$/) },
    ]);
  });

  it('streams one CSV line per sale with the retailer, container, pack, brand, type, UPC and net price', async () => {
    const response = await fetch(`${app.baseUrl}/api/v1/comptroller/alcohol-sales/download?month=${month}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toContain(`alcohol_sales_LP123456_${month}.csv`);
    const [header, ...lines] = rowsOf(await response.text());
    expect(header).toEqual([...REPORT_COLUMNS]);
    expect(lines).toHaveLength(4);
    const cell = (line: string[], column: (typeof REPORT_COLUMNS)[number]) =>
      line[REPORT_COLUMNS.indexOf(column)];
    const titos = lines.find((line) => cell(line, 'Brand') === "TITO'S VODKA")!;
    expect(
      [
        'Seller Permit',
        'Retailer Taxpayer Number',
        'Retailer TABC Permit',
        'Retailer Name',
        'Invoice Date',
        'Beverage Type',
        'Container Size',
        'Container Size (mL)',
        'Pack',
        'UPC',
        'Units',
        'Unit Price',
        'Net Price',
      ].map((column) => cell(titos, column as (typeof REPORT_COLUMNS)[number])),
    ).toEqual([
      'LP123456',
      '32012345678',
      'MB123456',
      'The Rusty Nail',
      from,
      'DS',
      '750ml',
      '750',
      '12',
      '619947000013',
      '6',
      '19.99',
      '119.94',
    ]);
    expect(lines.map((line) => cell(line, 'Beverage Type')).sort()).toEqual(['B', 'DS', 'DS', 'W']);
  });

  it('drops an item from the check once it is filled', async () => {
    const filled = await api.put(
      `customer/${saloon}`,
      {
        ...RUSTY_NAIL,
        name: 'Saloon No 10',
        tabc_id: 'MB654321',
        address: '10 Main St',
        comptroller_taxpayer_number: '12345678901',
      },
      token,
    );
    expect(filled.status).toBe(200);
    const { body } = await report(`month=${month}`);
    expect(body.missing.some((item) => item.id === saloon)).toBe(false);
  });

  it('refuses a month that is not YYYY-MM or is after this month, with the field named', async () => {
    for (const bad of ['month=2026-13', 'month=2026-1', 'month=', '']) {
      const { status, body } = await report(bad);
      expect(status).toBe(400);
      expect(body.details).toEqual([{ field: 'month', message: 'month must be a month (YYYY-MM).' }]);
    }
    const [year] = thisMonth().split('-');
    const future = await report(`month=${Number(year) + 1}-01`);
    expect(future.status).toBe(400);
    expect(future.body.message).toBe('month cannot be after the current month.');
  });

  it("shows another company none of these sales, and its customers' numbers stay out of reach (404)", async () => {
    const other = await signUpOwner(api);
    const { body } = await report(`month=${month}`, other.token);
    expect(body).toMatchObject({
      permit: '',
      totals: { lines: 0, units: 0 },
      missing: [{ kind: 'seller_permit' }],
    });
    const csv = await fetch(`${app.baseUrl}/api/v1/comptroller/alcohol-sales/download?month=${month}`, {
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(rowsOf(await csv.text())).toHaveLength(1);
    const put = await api.put(
      `customer/${rustyNail}`,
      { ...RUSTY_NAIL, comptroller_taxpayer_number: '99999999999' },
      other.token,
    );
    expect(put.status).toBe(404);
    expect((await api.get(`customer/${rustyNail}`, other.token)).status).toBe(404);
  });

  it('refuses a bad taxpayer number and a bad case size with their messages, changing nothing', async () => {
    const customer = await api.put(
      `customer/${rustyNail}`,
      { ...RUSTY_NAIL, comptroller_taxpayer_number: '123' },
      token,
    );
    expect(customer.status).toBe(400);
    expect(customer.body.details).toEqual([
      { field: 'comptroller_taxpayer_number', message: 'Comptroller taxpayer number must be 11 digits.' },
    ]);
    expect((await api.get(`customer/${rustyNail}`, token)).body.comptroller_taxpayer_number).toBe(
      '32012345678',
    );
    const item = await api.put(`product/${wine}`, { case_size: 0 }, token);
    expect(item.status).toBe(400);
    expect(item.body.details).toEqual([
      { field: 'case_size', message: 'Case size must be a whole number from 1 to 1,000.' },
    ]);
  });
});
