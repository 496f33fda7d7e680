import { jest } from '@jest/globals';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { businessDate } from '#domain/shared/business-date.js';
import { addDays } from '#domain/stamps/stamp.rules.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { setFeature } from '../support/cli.js';
import { pdfText } from '../support/pdf-text.js';
import { USUAL_SQL } from '../../apps/api/src/orders/shop/shop-history.js';

/*
 * The ordering app's history: a customer user opens one of its orders and invoices (lines, totals, due date and
 * status, the PDF), reads what Order again would put into the cart, its balance owed and its usual products. Another
 * customer's order or invoice, of the same distributor or another, is not found.
 */
describe('Ordering app: past orders and invoices, balance, usual products (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;
  let seq = 0;
  const today = businessDate(new Date().toISOString());

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
    jest.spyOn(console, 'log').mockImplementation(() => {});
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await app.close();
  });

  async function aDistributor() {
    const { token, user } = await signUpOwner(api);
    const customer = (await api.post('customer', RUSTY_NAIL, token)).body.id as string;
    const other = (await api.post('customer', { ...RUSTY_NAIL, name: 'The Broken Spoke' }, token)).body
      .id as string;
    const product = async (name: string, type: string, price: number) =>
      (
        await api.post(
          'product',
          {
            product: name,
            product_type: type,
            product_size: '750ml',
            product_price: price,
            last_purchase_price: '5.00',
          },
          token,
        )
      ).body.id as string;
    const vodka = await product("Tito's Vodka", 'liquor', 19.99);
    const beer = await product('Shiner Bock', 'beer', 14.5);
    const merlot = await product('Barefoot Merlot', 'wine', 10);
    await setFeature(app.app, user.company_id, 'order');
    await api.post('stamp/roll', { prefix: 'AB', received_at: today, from: 1000, to: 1479 }, token);
    await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
    return { token, companyId: user.company_id as string, customer, other, vodka, beer, merlot };
  }

  async function aCustomerUser(token: string, customerId: string) {
    const email = `history${Date.now()}${seq++}@example.test`;
    await api.post(
      'customer/user-invitation',
      { values: { name: 'Bar Manager', email }, customer: customerId },
      token,
    );
    const mail = await app.mailbox.waitFor(email);
    const link = /invitation\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    return (await api.post('shop/invitation/accept', { token: link, password: 'secret1' })).body
      .token as string;
  }

  const invoice = (token: string, body: object, key: string) =>
    api.post('invoice', body, token, { 'idempotency-key': key });

  const pdf = async (path: string, token: string) => {
    const response = await fetch(`${app.baseUrl}/api/v1/${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      body: Buffer.from(await response.arrayBuffer()),
    };
  };

  it('opens an own order and invoice with their lines, totals and PDF; another customer’s or distributor’s is 404', async () => {
    const d = await aDistributor();
    const mine = await aCustomerUser(d.token, d.customer);
    const neighbour = await aCustomerUser(d.token, d.other);
    const elsewhere = await aDistributor();
    const stranger = await aCustomerUser(elsewhere.token, elsewhere.customer);

    const placed = await api.post(
      'shop/order',
      {
        items: [
          { product_id: d.vodka, qty: 2 },
          { product_id: d.beer, qty: 3 },
          { product_id: d.vodka, qty: 1 },
        ],
        note: 'Friday',
      },
      mine,
    );
    expect(placed.status).toBe(201);
    const orderId = placed.body.id as string;
    // the distributor lowers the vodka's price on line 1, then invoices the liquor
    expect(
      (await api.put(`order/${orderId}/item/1`, { action: 'price', price: 18.5, note: 'Case deal' }, d.token))
        .status,
    ).toBe(200);
    const created = await invoice(
      d.token,
      {
        customer_id: d.customer,
        order_id: orderId,
        items: [
          { product_id: d.vodka, qty: 2, price: 18.5 },
          { product_id: d.vodka, qty: 1, price: 19.99 },
        ],
      },
      'history-inv-0001',
    );
    expect(created.status).toBe(201);
    const invoiceId = created.body.id as string;

    const order = await api.get(`shop/order/${orderId}`, mine);
    expect(order.status).toBe(200);
    expect(order.body.order).toMatchObject({
      id: orderId,
      status: 'partially_invoiced',
      units: 6,
      orderItems: [
        { line: 1, qty: 2, price: 18.5, previous_price: 19.99, price_change_note: 'Case deal' },
        { line: 2, qty: 3, price: 14.5 },
        { line: 3, qty: 1, price: 19.99 },
      ],
      invoices: [{ id: invoiceId, number: created.body.number }],
    });
    expect(order.body.reorder).toEqual([
      {
        product_id: d.vodka,
        product: "TITO'S VODKA",
        product_size: '750ml',
        product_type: 'LIQUOR',
        qty: 3,
        price: 19.99,
      },
      {
        product_id: d.beer,
        product: 'SHINER BOCK',
        product_size: '750ml',
        product_type: 'BEER',
        qty: 3,
        price: 14.5,
      },
    ]);

    const detail = await api.get(`shop/invoice/${invoiceId}`, mine);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      id: invoiceId,
      number: created.body.number,
      status: created.body.status,
      due_at: created.body.due_at,
      sub_total: 56.99,
      tax_total: created.body.tax_total,
      total: created.body.total,
      remaining: created.body.total,
      items: [
        {
          line: 1,
          qty: 2,
          price: 18.5,
          total: 37,
          taxable: true,
          previous_price: 19.99,
          price_change_note: 'Case deal',
        },
        { line: 2, qty: 1, price: 19.99, total: 19.99 },
      ],
      reorder: [{ product_id: d.vodka, qty: 3, price: 19.99 }],
    });
    expect(detail.body.items[0]).not.toHaveProperty('cost');
    expect(detail.body).not.toHaveProperty('company_note');

    // the same due date and status as the shop's invoice list
    const [listed] = (await api.get('shop/invoice', mine)).body;
    expect({ status: detail.body.status, due_at: detail.body.due_at }).toEqual({
      status: listed.status,
      due_at: listed.due_at,
    });

    const orderPdf = await pdf(`shop/order/${orderId}/pdf`, mine);
    expect(orderPdf.status).toBe(200);
    expect(orderPdf.type).toContain('application/pdf');
    const invoicePdf = await pdf(`shop/invoice/${invoiceId}/pdf`, mine);
    expect(invoicePdf.status).toBe(200);
    expect(pdfText(invoicePdf.body).replace(/\s+/g, ' ')).toContain(
      'Price changed from $19.99 to $18.50: Case deal',
    );

    // another customer of the same distributor, a customer user of another distributor, a staff token
    for (const token of [neighbour, stranger]) {
      for (const path of [`shop/order/${orderId}`, `shop/invoice/${invoiceId}`]) {
        expect((await api.get(path, token)).status).toBe(404);
      }
      expect((await pdf(`shop/order/${orderId}/pdf`, token)).status).toBe(404);
      expect((await pdf(`shop/invoice/${invoiceId}/pdf`, token)).status).toBe(404);
    }
    expect((await api.get(`shop/invoice/${invoiceId}`, d.token)).status).toBe(401);
    expect((await api.get('shop/order/not-an-id', mine)).status).toBe(404);
    // a draft is not an order
    const draft = await api.post('shop/order/draft', { items: [{ product_id: d.vodka, qty: 1 }] }, mine, {
      'idempotency-key': 'history-draft-01',
    });
    expect((await api.get(`shop/order/${draft.body.id}`, mine)).status).toBe(404);
  }, 90_000);

  it('leaves a product no longer offered without a price in Order again', async () => {
    const d = await aDistributor();
    const mine = await aCustomerUser(d.token, d.customer);
    const placed = await api.post(
      'shop/order',
      {
        items: [
          { product_id: d.merlot, qty: 4 },
          { product_id: d.beer, qty: 1 },
        ],
      },
      mine,
    );
    expect((await api.put(`product/${d.merlot}`, { archived: true }, d.token)).status).toBe(200);
    await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
    const order = await api.get(`shop/order/${placed.body.id}`, mine);
    expect(order.body.reorder).toEqual([
      expect.objectContaining({ product_id: d.merlot, qty: 4, price: null }),
      expect.objectContaining({ product_id: d.beer, qty: 1, price: 14.5 }),
    ]);
  }, 60_000);

  it('answers the balance owed and its overdue part, and the products invoiced most lately as the usual', async () => {
    const d = await aDistributor();
    const mine = await aCustomerUser(d.token, d.customer);
    expect((await api.get('shop/balance', mine)).body).toEqual({
      owing: 0,
      overdue: 0,
      open_invoices: 0,
      overdue_invoices: 0,
    });
    expect((await api.get('shop/catalogue/usual', mine)).body).toEqual([]);

    // an overdue beer invoice, a current wine invoice, an old vodka invoice (paid, and before the usual's period)
    const late = await invoice(
      d.token,
      {
        customer_id: d.customer,
        invoiced_at: addDays(today, -40),
        due_at: addDays(today, -10),
        items: [{ product_id: d.beer, qty: 2, price: 14.5 }],
      },
      'history-late-0001',
    );
    expect(late.status).toBe(201);
    const current = await invoice(
      d.token,
      {
        customer_id: d.customer,
        due_at: addDays(today, 20),
        items: [{ product_id: d.merlot, qty: 6, price: 10 }],
      },
      'history-current-01',
    );
    expect(current.status).toBe(201);
    const old = await invoice(
      d.token,
      {
        customer_id: d.customer,
        invoiced_at: addDays(today, -120),
        due_at: addDays(today, -100),
        items: [{ product_id: d.vodka, qty: 50, price: 19.99 }],
      },
      'history-old-00001',
    );
    expect(old.status).toBe(201);
    await setFeature(app.app, d.companyId, 'payment');
    await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
    const paid = await api.post(
      `invoice/${old.body.id}/payment`,
      { amount: old.body.total, received_at: today },
      d.token,
    );
    expect(paid.status).toBe(201);
    // another customer's invoice counts for neither
    await invoice(
      d.token,
      { customer_id: d.other, items: [{ product_id: d.vodka, qty: 9, price: 19.99 }] },
      'history-other-001',
    );
    await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());

    const balance = await api.get('shop/balance', mine);
    expect(balance.body).toEqual({
      owing: Math.round((late.body.total + current.body.total) * 100) / 100,
      overdue: late.body.total,
      open_invoices: 2,
      overdue_invoices: 1,
    });
    const usual = await api.get('shop/catalogue/usual', mine);
    expect(usual.body.map((p: { id: string }) => p.id)).toEqual([d.merlot, d.beer]);
    expect(usual.body[0]).toEqual({
      id: d.merlot,
      product: 'BAREFOOT MERLOT',
      product_size: '750ml',
      product_type: 'WINE',
      upc: null,
      price: 10,
    });
    expect((await api.get('shop/me', mine)).body.company.tax_rate).toBe(8.25);

    // the usual reads the period's range of the customer's invoice lines by their index, with a fixed limit
    const client = await app.runtime.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL enable_seqscan = off'); // a handful of rows: make the planner show its index
      const { rows } = await client.query(`EXPLAIN ${USUAL_SQL}`, [
        d.companyId,
        d.customer,
        addDays(today, -90),
      ]);
      const plan = rows.map((row) => row['QUERY PLAN'] as string).join('\n');
      expect(plan).toContain('rm_product_sale_line_usual_idx');
      expect(plan).toMatch(/^Limit/);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  }, 90_000);
});
