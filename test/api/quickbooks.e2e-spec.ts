import { QuickBooksConnections } from '../../apps/api/src/integrations/quickbooks/quickbooks.connections.js';
import type { QuickBooksContractServer } from '../../apps/api/src/integrations/quickbooks/quickbooks.contract-server.js';
import { QuickBooksSync } from '../../apps/api/src/integrations/quickbooks/quickbooks.sync.js';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { setFeature } from '../support/cli.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { expectOtherCompanyGets404 } from '../support/tenancy.js';

const CUSTOMERS = [
  { name: 'The Rusty Nail', tabc_id: 'MB123456' },
  { name: 'Lone Star Liquor', tabc_id: 'BG654321' },
];
const customerBody = (c: { name: string; tabc_id: string }) => ({ ...RUSTY_NAIL, ...c });
const wine = (name: string, price: number) => ({
  product: name,
  product_type: 'wine',
  product_size: '750ml',
  product_price: price,
  last_purchase_price: '4.00',
  upc: `0${Math.floor(Math.random() * 1e11)}`.padStart(12, '0'),
});

const today = () => new Date().toISOString().slice(0, 10);

describe('QuickBooks Online sync (HTTP, against the contract server)', () => {
  let app: TestApp;
  let api: ApiClient;
  let qbo: QuickBooksContractServer;
  let sync: QuickBooksSync;

  beforeAll(async () => {
    app = await startTestApp({ INTEGRATION_RATE_PER_SECOND: '500', INTEGRATION_TIMEOUT_MS: '2000' });
    api = apiClient(app.baseUrl);
    sync = app.app.get(QuickBooksSync);
    qbo = await app.app.get(QuickBooksConnections).localServer();
  });
  afterAll(async () => {
    await app.close();
  });

  /** A company with the feature on, two customers, two wines and payments on. */
  async function aCompany() {
    const owner = await signUpOwner(api);
    const token = owner.token;
    const companyId = owner.user.company_id as string;
    const customers: string[] = [];
    for (const c of CUSTOMERS) {
      const created = await api.post('customer', customerBody(c), token);
      expect(created.status).toBe(201);
      customers.push(created.body.id);
    }
    const products = [
      (await api.post('product', wine('House Merlot', 8.99), token)).body.id as string,
      (await api.post('product', wine('Becker Cabernet', 24.99), token)).body.id as string,
    ];
    expect((await api.post('company/feature', { name: 'payment', active: true }, token)).status).toBe(200);
    await setFeature(app.app, companyId, 'quickbooks');
    await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
    const invoice = async (customer: number, qty: number) => {
      const created = await api.post(
        'invoice',
        {
          customer_id: customers[customer],
          items: [
            { product_id: products[0], qty, price: 8.99 },
            { product_id: products[1], qty: 1, price: 24.99 },
          ],
          force: true,
        },
        token,
      );
      expect(created.status).toBe(201);
      return created.body as { id: string; number: string };
    };
    return { token, companyId, invoice };
  }

  /** The browser's connect flow: our connect URL, QuickBooks' authorization, back to our callback. */
  async function connect(token: string): Promise<string> {
    const { body } = await api.get('quickbooks/connect', token);
    const authorize = await fetch(body.url, { redirect: 'manual' });
    expect(authorize.status).toBe(302);
    const callback = new URL(authorize.headers.get('location')!);
    const realmId = callback.searchParams.get('realmId')!;
    const back = await fetch(callback, { redirect: 'manual' });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('/quickbooks?connected=1');
    return realmId;
  }

  const runSync = async (token: string) => {
    const started = await api.post('quickbooks/sync', undefined, token);
    expect(started.status).toBe(200);
    await sync.idle();
    return (await api.get('quickbooks', token)).body;
  };

  it('answers 403 while the feature is off', async () => {
    const owner = await signUpOwner(api);
    for (const [method, path] of [
      ['GET', 'quickbooks'],
      ['GET', 'quickbooks/connect'],
      ['POST', 'quickbooks/sync'],
    ] as const) {
      const response = await api.call(method, path, { token: owner.token });
      expect({ path, status: response.status }).toEqual({ path, status: 403 });
    }
  });

  it('connects, then a sync of the month creates each object once; a second sync creates nothing', async () => {
    qbo.reset();
    const { token, invoice } = await aCompany();
    expect((await api.post('quickbooks/sync', undefined, token)).status).toBe(409); // not connected yet
    const realmId = await connect(token);
    const overview = (await api.get('quickbooks', token)).body;
    expect(overview).toMatchObject({ connected: true, realmId, local: true });
    const invoices: { id: string; number: string }[] = [];
    for (let i = 0; i < 6; i++) invoices.push(await invoice(i % 2, i + 1));
    for (const paid of invoices.slice(0, 3)) {
      const payment = await api.post(
        `invoice/${paid.id}/payment`,
        { amount: 10, received_at: today() },
        token,
      );
      expect(payment.status).toBeLessThan(300);
    }
    const memo = await api.post(
      'credit-memo',
      {
        invoice: invoices[5]!.number,
        reason: 'delivered_damaged',
        note: '',
        lines: [{ line_no: 1, qty: 1 }],
      },
      token,
    );
    expect(memo.status).toBe(201);

    const first = await runSync(token);
    expect(first.lastRun).toMatchObject({ status: 'success', total: 10, done: 10, failed: 0, error: null });
    expect(qbo.count(realmId, 'Invoice')).toBe(6);
    expect(qbo.count(realmId, 'Payment')).toBe(3);
    expect(qbo.count(realmId, 'CreditMemo')).toBe(1);
    expect(qbo.count(realmId, 'Customer')).toBe(2);
    expect(qbo.count(realmId, 'Item')).toBe(2);
    const sent = qbo.objects(realmId, 'Invoice').find((i) => i.DocNumber === invoices[0]!.number)!;
    expect(sent).toMatchObject({
      CustomerRef: { value: expect.any(String) },
      Line: [
        { DetailType: 'SalesItemLineDetail', SalesItemLineDetail: { Qty: 1, UnitPrice: 8.99 } },
        { SalesItemLineDetail: { Qty: 1, UnitPrice: 24.99 } },
      ],
    });
    const payment = qbo.objects(realmId, 'Payment')[0]!;
    expect(payment).toMatchObject({ TotalAmt: 10, Line: [{ LinkedTxn: [{ TxnType: 'Invoice' }] }] });

    // every write carried a requestid and minorversion
    for (const write of qbo.writesOf(`/v3/company/${realmId}/`)) {
      expect(write.query.get('requestid')).toMatch(/^[0-9a-f]{32}$/);
      expect(write.query.get('minorversion')).toBe('75');
    }

    const state = await api.get(`quickbooks/invoice/${invoices[0]!.id}`, token);
    expect(state.body).toMatchObject({ state: 'synced', qboId: sent.Id, message: null });
    const log = await api.get(`quickbooks/runs/${first.lastRun.runId}/log`, token);
    expect(log.body.filter((row: { action: string }) => row.action === 'created')).toHaveLength(14);

    const second = await runSync(token);
    expect(second.lastRun).toMatchObject({ status: 'success', total: 0, created: 0, updated: 0 });
    expect(qbo.count(realmId, 'Invoice')).toBe(6);
    expect(second.runs).toHaveLength(2);
  });

  it('a 500 after some creates stops the sync; the retry completes with no duplicates', async () => {
    qbo.reset();
    const { token, invoice } = await aCompany();
    const realmId = await connect(token);
    for (let i = 0; i < 5; i++) await invoice(i % 2, i + 1);
    qbo.reset(); // counts the writes from here
    qbo.fault = 'error500';
    qbo.failAfter = 6; // 2 customers, 2 items, 2 invoices, then QuickBooks fails
    const failed = await runSync(token);
    expect(failed.lastRun).toMatchObject({
      status: 'failed',
      error: 'QuickBooks failed with an error (500).',
    });
    expect(qbo.count(realmId, 'Invoice')).toBe(2);
    qbo.reset();
    const retried = await runSync(token);
    expect(retried.lastRun).toMatchObject({ status: 'success', created: 3, failed: 0 });
    expect(qbo.count(realmId, 'Invoice')).toBe(5);
    expect(qbo.count(realmId, 'Customer')).toBe(2);
    expect(qbo.count(realmId, 'Item')).toBe(2);
  });

  it('an answer lost after QuickBooks saved the invoice: the retry carries the same requestid, nothing doubles', async () => {
    qbo.reset();
    const { token, invoice } = await aCompany();
    const realmId = await connect(token);
    for (let i = 0; i < 3; i++) await invoice(0, i + 1);
    qbo.reset();
    qbo.fault = 'lostAnswer';
    qbo.failAfter = 3; // customer, 2 items answered; the first invoice saved, its answer lost
    const failed = await runSync(token);
    expect(failed.lastRun.status).toBe('failed');
    expect(qbo.count(realmId, 'Invoice')).toBe(1);
    qbo.reset();
    const retried = await runSync(token);
    expect(retried.lastRun).toMatchObject({ status: 'success', failed: 0 });
    expect(qbo.count(realmId, 'Invoice')).toBe(3);
  });

  it('refreshes an expired access token on 401 and waits out a 429', async () => {
    qbo.reset();
    const { token, invoice } = await aCompany();
    const realmId = await connect(token);
    await invoice(0, 2);
    qbo.reset();
    qbo.expireAccessTokens();
    qbo.throttle = 1;
    const done = await runSync(token);
    expect(done.lastRun).toMatchObject({ status: 'success', failed: 0 });
    expect(qbo.count(realmId, 'Invoice')).toBe(1);
    expect(qbo.requests.filter((r) => r.path === '/oauth2/v1/tokens/bearer')).toHaveLength(1);
    // the tokens at rest are sealed, never plain
    const { rows } = await app.runtime.pool.query<{ access_token: string }>(
      'SELECT access_token FROM qbo_company WHERE realm_id = $1',
      [realmId],
    );
    expect(rows[0]!.access_token).toMatch(/^v1\./);
  });

  it("updates an invoice changed here instead of creating it again; saves settings; another company's run is a 404", async () => {
    qbo.reset();
    const { token, invoice } = await aCompany();
    const realmId = await connect(token);
    const first = await invoice(0, 2);
    await runSync(token);
    expect(
      (await api.post(`invoice/${first.id}/payment`, { amount: 5, received_at: today() }, token)).status,
    ).toBeLessThan(300);
    const after = await runSync(token);
    expect(after.lastRun).toMatchObject({ status: 'success', failed: 0 });
    expect(qbo.count(realmId, 'Invoice')).toBe(1);
    expect(qbo.count(realmId, 'Payment')).toBe(1);

    const saved = await api.put(
      'quickbooks/settings',
      {
        invoices: 'delivered',
        payments: false,
        creditMemos: false,
        syncFrom: '2026-01-01',
        schedule: 'daily',
      },
      token,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toEqual({
      invoices: 'delivered',
      payments: false,
      creditMemos: false,
      syncFrom: '2026-01-01',
      schedule: 'daily',
    });
    expect(saved.body.nextRunAt).toEqual(expect.any(String));
    const bad = await api.put('quickbooks/settings', { invoices: 'some', payments: 1, syncFrom: 'x' }, token);
    expect(bad.status).toBe(400);

    const other = await aCompany();
    await expectOtherCompanyGets404(
      api,
      other.token,
      [
        { method: 'GET', path: `quickbooks/runs/${after.lastRun.runId}/log` },
        { method: 'GET', path: `quickbooks/invoice/${first.id}` },
      ],
      [realmId],
    );
  });

  it('starts a due scheduled sync once', async () => {
    qbo.reset();
    const { token, companyId, invoice } = await aCompany();
    const realmId = await connect(token);
    await invoice(1, 1);
    await api.put(
      'quickbooks/settings',
      { invoices: 'all', payments: true, creditMemos: true, syncFrom: '2026-01-01', schedule: 'hourly' },
      token,
    );
    await app.runtime.pool.query(
      "UPDATE qbo_company SET next_run_at = now() - interval '1 minute' WHERE company_id = $1",
      [companyId],
    );
    const started = await sync.tick();
    expect(started).toHaveLength(1);
    expect(await sync.tick()).toHaveLength(0); // moved on by an hour
    await sync.idle();
    const overview = (await api.get('quickbooks', token)).body;
    expect(overview.lastRun).toMatchObject({ trigger: 'schedule', status: 'success' });
    expect(qbo.count(realmId, 'Invoice')).toBe(1);
  });
});
