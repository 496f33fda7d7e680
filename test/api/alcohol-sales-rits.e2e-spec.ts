import type {
  AlcoholReportMonth,
  AlcoholReportMonthsAnswer,
  AlcoholSalesReportAnswer,
} from '#domain/contracts/alcohol-sales.contract.js';
import { monthDays, previousMonth, reportDueOn } from '#domain/reports/alcohol-sales-report.js';
import { RITS_FIELDS, type RitsFieldName } from '#domain/reports/rits-file.js';
import { businessDate } from '#domain/shared/business-date.js';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { type ApiClient, apiClient, LONE_STAR_SPIRITS, signUpOwner } from '../support/http.js';

const today = () => businessDate(new Date().toISOString());
const thisMonth = () => today().slice(0, 7);
const DETAILS = LONE_STAR_SPIRITS;
const product = (fields: object) => ({ product_price: 10, last_purchase_price: '5.00', ...fields });

/** The file's records, each read back by position: field i of the layout is the i-th comma-separated value. */
function recordsOf(text: string): Record<RitsFieldName, string>[] {
  expect(text.endsWith('\r\n')).toBe(true);
  return text
    .slice(0, -2)
    .split('\r\n')
    .map((line) => {
      const values = line.split(',');
      expect(values).toHaveLength(RITS_FIELDS.length);
      return Object.fromEntries(RITS_FIELDS.map((field, i) => [field.name, values[i]])) as Record<
        RitsFieldName,
        string
      >;
    });
}

describe('The alcohol sales report as a RITS file, and its filing (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;
  let token: string;
  let companyId: string;
  let firstInvoice: { number: string };
  const month = previousMonth(thisMonth());
  const { from, to } = monthDays(month);

  const rits = async (m: string, as = token) => {
    const response = await fetch(`${app.baseUrl}/api/v1/comptroller/alcohol-sales/rits?month=${m}`, {
      headers: { authorization: `Bearer ${as}` },
    });
    return { response, text: await response.text() };
  };
  const months = (as = token, id = companyId) =>
    api.get<AlcoholReportMonthsAnswer & { message?: string }>(`company/${id}/alcohol-reports`, as);
  const markFiled = (body: object, m = month, as = token, id = companyId) =>
    api.post<AlcoholReportMonth & { message?: string; details?: unknown }>(
      `company/${id}/alcohol-reports/${m}/filed`,
      body,
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
    const rustyNail = (
      await api.post(
        'customer',
        { ...RUSTY_NAIL, comptroller_taxpayer_number: '3-20-1234567-8', zip: '78701-1234' },
        token,
      )
    ).body.id;
    const saloon = (
      await api.post(
        'customer',
        { ...RUSTY_NAIL, name: 'Saloon No 10, Inc.', tabc_id: 'MB654321', address: '10 Main St' },
        token,
      )
    ).body.id;
    const titos = (
      await api.post(
        'product',
        product({
          product: "Tito's Vodka",
          product_type: 'liquor',
          product_size: '750ml',
          upc: '619947000013',
        }),
        token,
      )
    ).body.id;
    const wine = (
      await api.post(
        'product',
        product({ product: 'House Red', product_type: 'wine', product_size: '1.5 L' }),
        token,
      )
    ).body.id;
    const shiner = (
      await api.post(
        'product',
        product({ product: 'Shiner Bock', product_type: 'beer', product_size: '12oz', upc: '07324300001' }),
        token,
      )
    ).body.id;
    const invoice = async (customerId: string, day: string, items: object[]) => {
      const created = await api.post(
        'invoice',
        { customer_id: customerId, items, invoiced_at: day, force: true },
        token,
      );
      expect(created.status).toBe(201);
      return created.body as { number: string };
    };
    firstInvoice = await invoice(rustyNail, from, [
      { product_id: titos, qty: 6, price: 19.99 },
      { product_id: wine, qty: 2, price: 12.5 },
    ]);
    await invoice(rustyNail, today(), [{ product_id: titos, qty: 5, price: 19.99 }]);
    await invoice(rustyNail, to, [{ product_id: titos, qty: 2, price: 18 }]);
    await invoice(saloon, to, [{ product_id: shiner, qty: 24, price: 1.25 }]);
  });
  afterAll(async () => {
    await app.close();
  });

  it('downloads one record per retailer, brand, UPC and size, every field at its place and within its width', async () => {
    const { response, text } = await rits(month);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toContain(`RITS_LP123456_${month}.csv`);
    const records = recordsOf(text);
    expect(records).toEqual([
      {
        sellerPermit: 'LP123456',
        retailerTaxpayerNumber: '0',
        retailerName: 'Saloon No 10 Inc.',
        retailerAddress: '10 Main St',
        retailerCity: RUSTY_NAIL.city,
        retailerState: 'TX',
        retailerZip: RUSTY_NAIL.zip.slice(0, 5),
        retailerPermit: 'MB654321',
        beverageClass: 'B',
        upc: '07324300001',
        brand: 'SHINER BOCK',
        containerSize: '12OZ',
        containers: '24',
        sellingPrice: '30.00',
      },
      {
        sellerPermit: 'LP123456',
        retailerTaxpayerNumber: '32012345678',
        retailerName: RUSTY_NAIL.name,
        retailerAddress: RUSTY_NAIL.address,
        retailerCity: RUSTY_NAIL.city,
        retailerState: 'TX',
        retailerZip: '78701',
        retailerPermit: RUSTY_NAIL.tabc_id,
        beverageClass: 'W',
        upc: '',
        brand: 'HOUSE RED',
        containerSize: '1.5L',
        containers: '2',
        sellingPrice: '25.00',
      },
      {
        sellerPermit: 'LP123456',
        retailerTaxpayerNumber: '32012345678',
        retailerName: RUSTY_NAIL.name,
        retailerAddress: RUSTY_NAIL.address,
        retailerCity: RUSTY_NAIL.city,
        retailerState: 'TX',
        retailerZip: '78701',
        retailerPermit: RUSTY_NAIL.tabc_id,
        beverageClass: 'DS',
        upc: '619947000013',
        brand: "TITO'S VODKA",
        containerSize: '750ML',
        containers: '8',
        sellingPrice: '155.94',
      },
    ]);
    for (const record of records)
      for (const field of RITS_FIELDS) expect(record[field.name].length).toBeLessThanOrEqual(field.width);
  });

  it("nets a credit memo in the month it is issued: a return of last month's sale lowers this month's file only", async () => {
    const before = (await rits(month)).text;
    const memo = await api.post(
      'credit-memo',
      {
        invoice: firstInvoice.number,
        reason: 'delivered_damaged',
        note: 'Broken',
        lines: [{ line_no: 1, qty: 2 }],
      },
      token,
    );
    expect(memo.status).toBe(201);
    // this month: 5 sold today less the 2 returned from last month's invoice, on one line
    const titos = recordsOf((await rits(thisMonth())).text).filter((r) => r.brand === "TITO'S VODKA");
    expect(
      titos.map(({ retailerName, upc, containers, sellingPrice }) => ({
        retailerName,
        upc,
        containers,
        sellingPrice,
      })),
    ).toEqual([
      { retailerName: 'The Rusty Nail', upc: '619947000013', containers: '3', sellingPrice: '59.97' },
    ]);
    expect((await rits(month)).text).toBe(before);
  });

  it('names in the check what the file reports as "0" or leaves empty', async () => {
    const { body } = await api.get<AlcoholSalesReportAnswer>(
      `comptroller/alcohol-sales?month=${month}`,
      token,
    );
    expect(body).toMatchObject({ records: 3, no_sales: false, rits_filename: `RITS_LP123456_${month}.csv` });
    expect(body.missing.map(({ kind, name, field }) => ({ kind, name, field }))).toEqual([
      { kind: 'customer_taxpayer_number', name: 'Saloon No 10, Inc.', field: 'Retailer taxpayer number' },
      { kind: 'product_upc', name: 'HOUSE RED 1.5L', field: 'UPC' },
    ]);
  });

  it('records the download: when and by whom', async () => {
    const { status, body } = await months();
    expect(status).toBe(200);
    expect(body.months[0]).toMatchObject({
      month,
      due_on: reportDueOn(month),
      downloads: 3,
      downloaded_by: 'Jane Owner',
      no_sales: false,
      confirmation_number: null,
    });
    expect(body.months[0]!.downloaded_at).toEqual(expect.any(String));
  });

  it('writes the no-sales report for a month without sales, and reminds of it until it is filed', async () => {
    const other = await signUpOwner(api, 'Ola Other');
    await api.put(`company/${other.user.company_id}`, { ...DETAILS, tabc_id: 'LP777777' }, other.token);
    const { text } = await rits(month, other.token);
    expect(recordsOf(text)).toEqual([
      {
        sellerPermit: 'LP777777',
        retailerTaxpayerNumber: '',
        retailerName: '',
        retailerAddress: '',
        retailerCity: '',
        retailerState: '',
        retailerZip: '',
        retailerPermit: '',
        beverageClass: '',
        upc: '',
        brand: '',
        containerSize: '',
        containers: '0',
        sellingPrice: '0.00',
      },
    ]);
    const report = await api.get<AlcoholSalesReportAnswer>(
      `comptroller/alcohol-sales?month=${month}`,
      other.token,
    );
    expect(report.body).toMatchObject({ no_sales: true, records: 0, ready: true });
    const list = await months(other.token, other.user.company_id);
    expect(list.body.months.map((m) => m.month)).toEqual([month]);
    expect(list.body.reminder).toMatchObject({ month, no_sales: true, downloaded_by: 'Ola Other' });
  });

  it('refuses a bad confirmation number, an open month and a bad month, changing nothing', async () => {
    const message =
      'Enter the confirmation number RITS gave the filed report: letters, digits and hyphens, at most 40.';
    for (const body of [
      {},
      { confirmation_number: '' },
      { confirmation_number: 'RITS 1' },
      { confirmation_number: 'X'.repeat(41) },
    ]) {
      const { status, body: answer } = await markFiled(body);
      expect(status).toBe(400);
      expect(answer.details).toEqual([{ field: 'confirmation_number', message }]);
    }
    const open = await markFiled({ confirmation_number: 'RITS-1' }, thisMonth());
    expect(open.status).toBe(400);
    expect(open.body.message).toBe('A month can be marked filed once it is over.');
    const bad = await markFiled({ confirmation_number: 'RITS-1' }, '2026-13');
    expect(bad.status).toBe(400);
    expect((await months()).body.months[0]!.confirmation_number).toBeNull();
  });

  it('marks the month filed with its confirmation number, late after the due date, and keeps it', async () => {
    const { status, body } = await markFiled({ confirmation_number: ' rits-2026-0042 ' });
    expect(status).toBe(200);
    const late = today() > reportDueOn(month);
    expect(body).toMatchObject({
      month,
      confirmation_number: 'RITS-2026-0042',
      filed_by: 'Jane Owner',
      status: late ? 'filed_late' : 'filed',
      penalty: late ? 50 : 0,
    });
    expect((await markFiled({ confirmation_number: 'RITS-2026-0042' })).status).toBe(200);
    const again = await markFiled({ confirmation_number: 'RITS-9' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      `The report of ${month} is marked filed already, with confirmation number RITS-2026-0042.`,
    );
    const list = await months();
    expect(list.body.months[0]).toMatchObject({ confirmation_number: 'RITS-2026-0042' });
    expect(list.body.reminder).toBeNull();
  });

  it("answers 404 for another company's months and filing, and changes nothing there", async () => {
    const other = await signUpOwner(api, 'Ivy Intruder');
    expect((await months(other.token)).status).toBe(404);
    const filed = await markFiled({ confirmation_number: 'RITS-666' }, month, other.token);
    expect(filed.status).toBe(404);
    expect((await markFiled({ confirmation_number: 'RITS-1' }, month, token, 'not-a-uuid')).status).toBe(404);
    expect((await months()).body.months[0]!.confirmation_number).toBe('RITS-2026-0042');
  });
});
