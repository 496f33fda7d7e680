import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TabcImportService } from '../../apps/api/src/tabc/tabc-import.service.js';
import { businessDate } from '#domain/shared/business-date.js';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { setFeature } from '../support/cli.js';
import { expectDocumentedAnswer, loadApiDocument, type ApiDocument } from '../support/documented-answers.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { expectOtherCompanyGets404 } from '../support/tenancy.js';

const WINE = {
  product: 'Barefoot Merlot',
  product_type: 'wine',
  product_size: '750ml',
  product_price: 10,
  last_purchase_price: '5.00',
};

const today = () => businessDate(new Date().toISOString());
const dayFromToday = (days: number) => {
  const [y, m, d] = today().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

describe('Customer overview (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;
  let document: ApiDocument;
  let token: string;
  let companyId: string;
  let customerId: string;
  let wine: string;

  /** An invoice of qty × $10 plus 8.25 % tax. */
  const invoice = async (qty: number, invoicedAt: string, dueAt?: string) => {
    const created = await api.post(
      'invoice',
      {
        customer_id: customerId,
        items: [{ product_id: wine, qty, price: 10 }],
        invoiced_at: invoicedAt,
        due_at: dueAt,
        force: true,
      },
      token,
    );
    expect(created.status).toBe(201);
    return created.body as { id: string; number: string };
  };
  const pay = async (invoiceId: string, amount: number, note = '') =>
    expect(
      (await api.post(`invoice/${invoiceId}/payment`, { amount, received_at: today(), note }, token)).status,
    ).toBe(201);

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
    document = await loadApiDocument(app.baseUrl);
    const owner = await signUpOwner(api, 'Rosa Diaz');
    token = owner.token;
    companyId = owner.user.company_id;
    await api.post('company/feature', { name: 'payment', active: true }, token);
    customerId = (
      await api.post(
        'customer',
        { ...RUSTY_NAIL, contact_name: 'Dana Ruiz', contact_email: 'dana@rustynail.example' },
        token,
      )
    ).body.id;
    wine = (await api.post('product', WINE, token)).body.id;
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers the customer, an empty balance and empty lists for a new customer', async () => {
    const response = await api.get(`customer/${customerId}/overview`, token);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      customer: { id: customerId, name: 'The Rusty Nail', contact_name: 'Dana Ruiz', customerUser: [] },
      today: today(),
      standing: { list_imported: false, licence: null, expired: false, suspended: false, delinquent: null },
      balance: {
        owing: 0,
        open_invoices: 0,
        aging: { current: 0, days_1_30: 0, days_31_60: 0, days_61_90: 0, days_over_90: 0 },
      },
      open_invoices: [],
      recent_orders: [],
      recent_payments: [],
    });
  });

  it('ages the open balance by due date, lists open invoices oldest first and the newest payments', async () => {
    const current = await invoice(10, today(), dayFromToday(20)); // 108.25, 8.25 paid
    const late5 = await invoice(1, dayFromToday(-10), dayFromToday(-5)); // 10.83
    const late45 = await invoice(2, dayFromToday(-50), dayFromToday(-45)); // 21.65
    const late75 = await invoice(3, dayFromToday(-80), dayFromToday(-75)); // 32.48
    const onDelivery = await invoice(4, dayFromToday(-120)); // 43.30, due on delivery: on its invoice date
    const paidUp = await invoice(1, dayFromToday(-3), dayFromToday(-1)); // 10.83, paid in full
    const cancelled = await invoice(1, dayFromToday(-2)); // cancelled with $5 paid
    await pay(current.id, 8.25, 'Check 2211');
    await pay(paidUp.id, 10.83);
    await pay(cancelled.id, 5);
    expect((await api.put(`invoice/${cancelled.id}`, { status: 'cancelled' }, token)).status).toBe(200);

    const response = await api.get(`customer/${customerId}/overview`, token);
    expect(response.status).toBe(200);
    expectDocumentedAnswer(document, 'GET', `customer/${customerId}/overview`, response);
    const body = response.body;
    expect(body.balance).toEqual({
      owing: 100 + 10.83 + 21.65 + 32.48 + 43.3,
      open_invoices: 5,
      // the cancelled invoice's $5 payment became the customer's credit
      unapplied_credit: 5,
      balance: 203.26,
      aging: { current: 100, days_1_30: 10.83, days_31_60: 21.65, days_61_90: 32.48, days_over_90: 43.3 },
    });
    expect(body.open_invoices.map((row: { number: string }) => row.number)).toEqual(
      [onDelivery, late75, late45, late5, current].map((row) => row.number),
    );
    expect(body.open_invoices[4]).toEqual({
      id: current.id,
      number: current.number,
      invoiced_at: today(),
      due_at: dayFromToday(20),
      status: 'partially_paid',
      total: 108.25,
      paid: 8.25,
      balance: 100,
      days_late: -20,
    });
    expect(body.open_invoices[0]).toMatchObject({ due_at: null, days_late: 120 });
    // the newest logged first, a cancelled invoice's payment among them (the money was received)
    expect(
      body.recent_payments.map((p: { invoice_number: string; amount: number }) => [
        p.invoice_number,
        p.amount,
      ]),
    ).toEqual([
      [cancelled.number, 5],
      [paidUp.number, 10.83],
      [current.number, 8.25],
    ]);
    expect(body.recent_payments[2]).toMatchObject({
      invoice_id: current.id,
      received_at: today(),
      note: 'Check 2211',
    });
  });

  it('lists at most 10 payments, the ones logged last', async () => {
    const many = await invoice(20, today(), dayFromToday(10)); // 216.50
    for (let i = 1; i <= 11; i++) await pay(many.id, i);
    const body = (await api.get(`customer/${customerId}/overview`, token)).body;
    expect(body.recent_payments.map((p: { amount: number }) => p.amount)).toEqual([
      11, 10, 9, 8, 7, 6, 5, 4, 3, 2,
    ]);
  });

  it("lists the customer's newest orders", async () => {
    await setFeature(app.app, companyId, 'order');
    await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
    const email = `bar${Date.now()}@example.test`;
    const invited = await api.post(
      'customer/user-invitation',
      { values: { name: 'Bar Manager', email }, customer: customerId },
      token,
    );
    expect(invited.status).toBe(201);
    const mail = await app.mailbox.waitFor(email);
    const link = /invitation\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const user = (await api.post('shop/invitation/accept', { token: link, password: 'secret1' })).body.token;
    const placed = await api.post('shop/order', { items: [{ product_id: wine, qty: 2 }], note: '' }, user);
    expect(placed.status).toBe(201);
    const body = (await api.get(`customer/${customerId}/overview`, token)).body;
    expect(body.recent_orders).toEqual([
      expect.objectContaining({ id: placed.body.id, number: 1, status: 'placed', total: 20 }),
    ]);
    expect(body.customer.customerUser).toEqual([expect.objectContaining({ name: 'Bar Manager', email })]);
  });

  it('reads the newest payments through the index of invoices by their last payment', async () => {
    const client = await app.runtime.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL enable_seqscan = off'); // a handful of rows: make the planner show its index
      const { rows } = await client.query(
        `EXPLAIN SELECT i.id FROM rm_invoice i
          WHERE i.company_id = $1 AND i.customer_id = $2 AND i.deleted_at IS NULL AND i.payments <> '[]'::jsonb
          ORDER BY (i.payments -> -1 ->> 'logged_at') DESC LIMIT 10`,
        [companyId, customerId],
      );
      expect(rows.map((row) => row['QUERY PLAN'] as string).join('\n')).toContain(
        'rm_invoice_customer_last_payment_idx',
      );
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it('tells the licence and list standing from the imported TABC lists, in the overview and the grid', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stampline-overview-'));
    try {
      const licences = join(dir, 'licenses.csv');
      writeFileSync(
        licences,
        [
          'License ID,Master File ID,License Type,Primary Status,Expiration Date,Trade Name,Owner,Address,City,State,Zip,County,Legacy CLP',
          `2001001,7001,MB,Active,${dayFromToday(200)},THE RUSTY NAIL,RUSTY NAIL LLC,500 E 6TH ST,AUSTIN,TX,78701,TRAVIS,MB123456`,
          `2002001,7002,MB,Expired,${dayFromToday(-5)},LONE STAR SALOON,LONE STAR INC,120 MAIN ST,FORT WORTH,TX,76102,TARRANT,MB234567`,
          `2003001,7003,MB,Suspended,${dayFromToday(90)},BLUE BAR,BLUE BAR INC,1 ELM ST,DALLAS,TX,75201,DALLAS,MB345678`,
        ].join('\r\n'),
      );
      const delinquent = join(dir, 'delinquent.csv');
      writeFileSync(
        delinquent,
        ['List Number,Permit,Trade Name,Effective Date', `2026-22,MB-234567,LONE STAR,11/06/2026`].join('\n'),
      );
      const tabc = app.app.get(TabcImportService);
      await tabc.importLicences(licences);
      await tabc.importDelinquent(delinquent);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const saloon = (
      await api.post('customer', { ...RUSTY_NAIL, name: 'Lone Star Saloon', tabc_id: 'MB234567' }, token)
    ).body.id;
    const blue = (await api.post('customer', { ...RUSTY_NAIL, name: 'Blue Bar', tabc_id: 'MB345678' }, token))
      .body.id;

    const rusty = (await api.get(`customer/${customerId}/overview`, token)).body.standing;
    expect(rusty).toMatchObject({
      list_imported: true,
      licence: { license_id: '2001001', license_type: 'MB', primary_status: 'Active' },
      expired: false,
      suspended: false,
      delinquent: null,
      problem: null,
    });
    const lone = (await api.get(`customer/${saloon}/overview`, token)).body.standing;
    expect(lone).toMatchObject({
      expired: true,
      suspended: false,
      delinquent: { permit: 'MB-234567', list_number: '2026-22', effective_date: '2026-11-06' },
    });
    expect(lone.problem).toMatch(/Expired, not active/);
    expect((await api.get(`customer/${blue}/overview`, token)).body.standing).toMatchObject({
      expired: false,
      suspended: true,
      delinquent: null,
    });

    const grid = await api.get('customer/grid?startRow=0&endRow=25', token);
    expect(grid.status).toBe(200);
    const rows = new Map(
      grid.body.rows.map((row: { name: string; balance: number; licence_status: string | null }) => [
        row.name,
        [row.balance, row.licence_status],
      ]),
    );
    const owing = (await api.get(`customer/${customerId}/overview`, token)).body.balance.owing;
    expect(rows.get('The Rusty Nail')).toEqual([owing, 'active']);
    expect(rows.get('Lone Star Saloon')).toEqual([0, 'expired,delinquent']);
    expect(rows.get('Blue Bar')).toEqual([0, 'suspended']);
  });

  it('answers 404 for an unknown customer, a malformed id and another company', async () => {
    const unknown = await api.get('customer/00000000-0000-4000-8000-000000000000/overview', token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Customer Not Found');
    const malformed = await api.get('customer/not-a-customer/overview', token);
    expect(malformed.status).toBe(404);
    const other = await signUpOwner(api, 'Other Owner');
    await expectOtherCompanyGets404(
      api,
      other.token,
      [{ method: 'GET', path: `customer/${customerId}/overview` }],
      ['The Rusty Nail', 'Dana Ruiz'],
    );
  });
});
