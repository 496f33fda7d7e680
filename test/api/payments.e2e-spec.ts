import { businessDate } from '#domain/shared/business-date.js';
import { OPEN_INVOICE_ROWS } from '../../apps/api/src/payments/queries/payment.reader.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { expectOtherCompanyGets404 } from '../support/tenancy.js';

const CUSTOMER = {
  name: 'The Rusty Nail',
  address: '500 E 6th St',
  city: 'Austin',
  zip: '78701',
  tabc_id: 'MB123456',
  cash_on_delivery: 0,
  fintech_option: 0,
};
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

describe('Payments and balances (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;
  let token: string;
  let companyId: string;
  let customerId: string;
  let wine: string;

  /** An invoice of $108.25 (10 × $10 + 8.25 % tax). */
  const anInvoice = async (qty = 10) => {
    const created = await api.post(
      'invoice',
      { customer_id: customerId, items: [{ product_id: wine, qty, price: 10 }], force: true },
      token,
    );
    expect(created.status).toBe(201);
    return created.body;
  };
  const pay = (invoice: string, amount: number | string, extra: object = {}) =>
    api.post(`invoice/${invoice}/payment`, { amount, received_at: today(), ...extra }, token);

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
    const owner = await signUpOwner(api);
    token = owner.token;
    companyId = owner.user.company_id as string;
    customerId = (await api.post('customer', CUSTOMER, token)).body.id;
    wine = (await api.post('product', WINE, token)).body.id;
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 403 with a clear message while the payment feature is off', async () => {
    const invoice = await anInvoice();
    const refused = await pay(invoice.id, 5);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/payment/i);
    expect((await api.get(`customer/${customerId}/balance`, token)).status).toBe(403);
    expect((await api.post('company/feature', { name: 'payment', active: true }, token)).status).toBe(200);
  });

  it('logs payments; the status follows (partially paid, then paid) and the history shows it', async () => {
    const invoice = await anInvoice();
    const first = await pay(invoice.number, '50.25', { note: 'check 1021' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: 'partially_paid', paid: 50.25, balance: 58, remaining: 58 });
    expect(first.body.payments).toMatchObject([{ amount: 50.25, received_at: today(), note: 'check 1021' }]);
    const rest = await pay(invoice.id, 58);
    expect(rest.body).toMatchObject({ status: 'paid', remaining: 0 });
    expect(
      rest.body.statusInfo.map((s: { new_status: string; reason: string }) => [s.new_status, s.reason]),
    ).toEqual([
      ['invoiced', 'created'],
      ['partially_paid', 'payments'],
      ['paid', 'payments'],
    ]);
  });

  it('asks before logging on a fully paid invoice, and logs once confirmed', async () => {
    const invoice = await anInvoice(1); // 10.83
    await pay(invoice.id, 10.83);
    const asked = await pay(invoice.id, 1);
    expect(asked.status).toBe(409);
    expect(asked.body.message).toBe('Invoice has been fully paid, sure you want to log another payment?');
    const confirmed = await pay(invoice.id, 1, { confirm: true });
    expect(confirmed.body).toMatchObject({ paid: 11.83, balance: -1, remaining: 0 });
  });

  it('validates amount and received date per field and changes nothing', async () => {
    const invoice = await anInvoice();
    const bad = await api.post(
      `invoice/${invoice.id}/payment`,
      { amount: 0, received_at: dayFromToday(4) },
      token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([
      { field: 'amount', message: 'Amount must be at least 0.01.' },
      { field: 'received_at', message: `Received date can be at most 3 days ahead (${dayFromToday(3)}).` },
    ]);
    const missing = await api.post(`invoice/${invoice.id}/payment`, { amount: '1.999' }, token);
    expect(missing.body.details.map((d: { field: string }) => d.field).sort()).toEqual([
      'amount',
      'received_at',
    ]);
    expect((await api.get(`invoice/${invoice.id}`, token)).body.payments).toEqual([]);
  });

  it('refuses payments on a cancelled invoice', async () => {
    const invoice = await anInvoice();
    await api.put(`invoice/${invoice.id}`, { status: 'cancelled' }, token);
    const refused = await pay(invoice.id, 5);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('A cancelled invoice cannot be given payments.');
  });

  it('logs one payment for a retried submit with the same Idempotency-Key, and keeps two logged at once', async () => {
    const invoice = await anInvoice();
    const headers = { 'Idempotency-Key': 'pay-once-123456' };
    const body = { amount: 5, received_at: today() };
    const first = await api.post(`invoice/${invoice.id}/payment`, body, token, headers);
    const again = await api.post(`invoice/${invoice.id}/payment`, body, token, headers);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.payments).toHaveLength(1);
    await Promise.all([pay(invoice.id, 1), pay(invoice.id, 1)]);
    expect((await api.get(`invoice/${invoice.id}`, token)).body.payments).toHaveLength(3);
  });

  it('lets only the owner edit and delete a payment; the status follows back', async () => {
    const invoice = await anInvoice();
    const paid = await pay(invoice.id, 108.25);
    const paymentId = paid.body.payments[0].id;
    const invited = await api.post(
      'company/staff/invitation',
      { name: 'Sam Staff', email: `pay${Date.now()}@example.test` },
      token,
    );
    const joined = await api.post('auth/invitation/accept', {
      token: new URL(invited.body.link).searchParams.get('invitation'),
      name: 'Sam Staff',
      title: 'Sales',
      password: 'staff-secret',
      confirm_password: 'staff-secret',
    });
    const staff = joined.body.access_token;
    const byStaff = await api.post(
      `invoice/${invoice.id}/payment`,
      { amount: 1, received_at: today(), confirm: true },
      staff,
    );
    expect(byStaff.status).toBe(201); // any user logs a payment
    const refused = await api.put(
      `invoice/${invoice.id}/payment/${paymentId}`,
      { amount: 50, received_at: today() },
      staff,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only the owner can edit or delete payments.');
    expect((await api.delete(`invoice/${invoice.id}/payment/${paymentId}`, staff)).status).toBe(403);

    const edited = await api.put(
      `invoice/${invoice.id}/payment/${paymentId}`,
      { amount: 50, received_at: today() },
      token,
    );
    expect(edited.body).toMatchObject({ status: 'partially_paid', paid: 51 });
    const afterDelete = await api.delete(`invoice/${invoice.id}/payment/${paymentId}`, token);
    expect(afterDelete.body).toMatchObject({ paid: 1, status: 'partially_paid' });
    expect((await api.delete(`invoice/${invoice.id}/payment/${paymentId}`, token)).body.message).toBe(
      'Payment not found',
    );
  });

  it('answers the payments report, newest received first, filtered by customer, invoice and date', async () => {
    const grid = await api.get('invoice/payment/grid?startRow=0&endRow=100', token);
    expect(grid.status).toBe(200);
    expect(grid.body.count).toBeGreaterThan(5);
    expect(grid.body.rows[0]).toMatchObject({ customer: 'The Rusty Nail', received_at: today() });
    const invoice = await anInvoice();
    await pay(invoice.id, 3, { received_at: dayFromToday(-2) });
    const filter = encodeURIComponent(
      JSON.stringify({ number: { filterType: 'text', type: 'equals', filter: invoice.number } }),
    );
    const one = await api.get(`invoice/payment/grid?startRow=0&endRow=10&filterModel=${filter}`, token);
    expect(one.body.rows).toMatchObject([
      { number: invoice.number, amount: 3, received_at: dayFromToday(-2) },
    ]);
  });

  it("answers a customer's balance from its open invoices, and check-balance", async () => {
    const { token: own } = await signUpOwner(api);
    await api.post('company/feature', { name: 'payment', active: true }, own);
    const customer = (await api.post('customer', CUSTOMER, own)).body.id;
    const product = (await api.post('product', WINE, own)).body.id;
    const invoice = async (qty: number, due?: string) =>
      (
        await api.post(
          'invoice',
          {
            customer_id: customer,
            items: [{ product_id: product, qty, price: 10 }],
            due_at: due,
            force: true,
          },
          own,
        )
      ).body;
    const empty = await api.get(`customer/${customer}/balance`, own);
    expect(empty.body).toMatchObject({ summary: { owing: 0 }, invoices: [] });
    const a = await invoice(10, dayFromToday(5));
    const b = await invoice(1);
    await api.post(`invoice/${a.id}/payment`, { amount: 8.25, received_at: today() }, own);
    const c = await invoice(2);
    await api.put(`invoice/${c.id}`, { status: 'cancelled' }, own);
    // a draft is not issued and charges nothing: no balance, grid, account or statement counts it
    const draft = await invoice(4);
    expect((await api.put(`invoice/${draft.id}`, { status: 'draft' }, own)).status).toBe(200);
    const balance = await api.get(`customer/${customer}/balance`, own);
    expect(balance.body.summary).toEqual({ owing: 110.83, unapplied_credit: 0, balance: 110.83 });
    expect(balance.body.invoices).toMatchObject([
      {
        number: a.number,
        total: 108.25,
        paid: 8.25,
        balance: 100,
        due_at: dayFromToday(5),
        due_on_delivery: false,
        status: 'partially_paid',
      },
      { number: b.number, total: 10.83, balance: 10.83, due_at: null, due_on_delivery: true },
    ]);
    expect((await api.get(`customer/${customer}/check-balance`, own)).body).toEqual({
      owing: 110.83,
      open_invoices: 2,
    });
    const grid = await api.get('customer/grid?startRow=0&endRow=25', own);
    expect(grid.body.rows.map((row: { balance: number }) => row.balance)).toEqual([110.83]);
    expect((await api.get(`customer/${customer}/account`, own)).body).toMatchObject({ owing: 110.83 });
    expect((await api.get('customer/not-a-customer/balance', own)).status).toBe(404);

    // JSON with exactly the answer's fields; 'On Delivery' up to one day ahead, not two.
    const d = await invoice(3, dayFromToday(1));
    const e = await invoice(3, dayFromToday(2));
    const later = await api.get(`customer/${customer}/balance`, own);
    expect(later.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Object.keys(later.body).sort()).toEqual(['customer', 'invoices', 'summary']);
    expect(Object.keys(later.body.customer).sort()).toEqual(
      ['address', 'city', 'display_tabc_id', 'id', 'name', 'state', 'zip'].sort(),
    );
    expect(later.body.summary).toMatchObject({ owing: 110.83 + 2 * 32.48, unapplied_credit: 0 });
    const rows = later.body.invoices as { id: string }[];
    expect(rows.find((row) => row.id === d.id)).toEqual({
      id: d.id,
      number: d.number,
      invoiced_at: d.invoiced_at,
      total: 32.48,
      credited: 0,
      paid: 0,
      balance: 32.48,
      due_at: dayFromToday(1),
      due_on_delivery: true,
      status: d.status,
    });
    expect(rows.find((row) => row.id === e.id)).toMatchObject({ due_on_delivery: false });
  });

  it("lists a customer's open invoices from their index alone, in its order", async () => {
    const client = await app.runtime.pool.connect();
    try {
      await client.query('VACUUM rm_invoice'); // the index alone answers for pages vacuum has marked all visible
      await client.query('BEGIN');
      // a handful of rows: make the planner show what it does at a customer with hundreds of open invoices
      await client.query('SET LOCAL enable_seqscan = off');
      await client.query('SET LOCAL enable_bitmapscan = off');
      const { rows } = await client.query(`EXPLAIN ${OPEN_INVOICE_ROWS}`, [companyId, customerId]);
      const plan = rows.map((row) => row['QUERY PLAN'] as string).join('\n');
      expect(plan).toContain('Index Only Scan using rm_invoice_customer_open_idx');
      expect(plan).not.toContain('Sort');
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it('answers 404 to another company for payment and balance routes', async () => {
    const invoice = await anInvoice();
    const paid = await pay(invoice.id, 1, { note: 'secret-pay-note' });
    const other = await signUpOwner(api);
    await api.post('company/feature', { name: 'payment', active: true }, other.token);
    await expectOtherCompanyGets404(
      api,
      other.token,
      [
        { method: 'POST', path: `invoice/${invoice.id}/payment`, body: { amount: 1, received_at: today() } },
        {
          method: 'PUT',
          path: `invoice/${invoice.id}/payment/${paid.body.payments[0].id}`,
          body: { amount: 1, received_at: today() },
        },
        { method: 'DELETE', path: `invoice/${invoice.id}/payment/${paid.body.payments[0].id}` },
        { method: 'GET', path: `customer/${customerId}/balance` },
        { method: 'GET', path: `customer/${customerId}/check-balance` },
      ],
      ['secret-pay-note', 'Rusty'],
    );
    const grid = await api.get('invoice/payment/grid?startRow=0&endRow=10', other.token);
    expect(grid.body).toEqual({ rows: [], count: 0 });
  });
});
