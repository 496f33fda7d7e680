import { jest } from '@jest/globals';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { businessDate } from '#domain/shared/business-date.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { setFeature } from '../support/cli.js';
import { pdfText } from '../support/pdf-text.js';

/** Invoicing an order that mixes beer with liquor: two invoices, and no line billed twice. */
describe('Order → invoices: beer on its own invoice, nothing billed twice (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
    jest.spyOn(console, 'log').mockImplementation(() => {});
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await app.close();
  });

  async function anOrderOfVodkaAndBeer() {
    const { token, user } = await signUpOwner(api);
    const customer = await api.post('customer', RUSTY_NAIL, token);
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
    await setFeature(app.app, user.company_id, 'order');
    await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
    const email = `bar${Date.now()}@example.test`;
    await api.post(
      'customer/user-invitation',
      { values: { name: 'Bar Manager', email }, customer: customer.body.id },
      token,
    );
    const mail = await app.mailbox.waitFor(email);
    const link = /invitation\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const shopper = (await api.post('shop/invitation/accept', { token: link, password: 'secret1' })).body
      .token as string;
    await api.post(
      'stamp/roll',
      { prefix: 'AB', received_at: businessDate(new Date().toISOString()), from: 1000, to: 1479 },
      token,
    );
    const order = await api.post(
      'shop/order',
      {
        items: [
          { product_id: vodka, qty: 2 },
          { product_id: beer, qty: 3 },
        ],
        note: '',
      },
      shopper,
    );
    expect(order.status).toBe(201);
    return { token, customerId: customer.body.id as string, vodka, beer, order: order.body };
  }

  it('makes a liquor invoice and a beer invoice numbered with a B; the order then says what each line has on invoices', async () => {
    const o = await anOrderOfVodkaAndBeer();
    const invoice = (items: object[], key: string) =>
      api.post('invoice', { customer_id: o.customerId, order_id: o.order.id, items }, o.token, {
        'idempotency-key': key,
      });

    const liquor = await invoice([{ product_id: o.vodka, qty: 2, price: 19.99 }], 'order-liquor-0001');
    expect(liquor.status).toBe(201);
    expect(liquor.body.number).toBe('1');
    let detail = await api.get(`order/${o.order.order_number}`, o.token);
    expect(detail.body.order.status).toBe('partially_invoiced');
    expect(detail.body.order.orderItems.map((i: { invoiced_qty: number }) => i.invoiced_qty)).toEqual([2, 0]);

    // the vodka again: refused, nothing created
    const twice = await invoice(
      [
        { product_id: o.vodka, qty: 1, price: 19.99 },
        { product_id: o.beer, qty: 3, price: 14.5 },
      ],
      'order-twice-0001',
    );
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe("TITO'S VODKA of order #1 is invoiced already.");

    const beer = await invoice([{ product_id: o.beer, qty: 3, price: 14.5 }], 'order-beer-0001');
    expect(beer.status).toBe(201);
    expect(beer.body.number).toBe('2B');
    expect(beer.body.orders).toEqual([o.order.id]);
    detail = await api.get(`order/${o.order.order_number}`, o.token);
    expect(detail.body.order.status).toBe('invoiced');
    expect(detail.body.order.invoices.map((i: { number: string }) => i.number)).toEqual(['1', '2B']);
    expect(detail.body.order.orderItems.map((i: { invoiced_qty: number }) => i.invoiced_qty)).toEqual([2, 3]);
  }, 60_000);

  it('keeps the review of the order on the invoice lines, on the invoice and its PDF, and after its items are edited', async () => {
    const o = await anOrderOfVodkaAndBeer();
    const reviewed = await api.put(
      `order/${o.order.id}/item/1`,
      { action: 'price', price: 18.5, note: 'Case deal' },
      o.token,
    );
    expect(reviewed.status).toBe(200);
    const created = await api.post(
      'invoice',
      {
        customer_id: o.customerId,
        order_id: o.order.id,
        items: [{ product_id: o.vodka, qty: 2, price: 18.5 }],
      },
      o.token,
      { 'idempotency-key': 'order-reviewed-0001' },
    );
    expect(created.status).toBe(201);
    expect(created.body.items[0]).toMatchObject({
      previousPrice: 19.99,
      newPrice: 18.5,
      priceChangeNote: 'Case deal',
      previousQty: null,
      newQty: null,
    });
    const edited = await api.put(
      `invoice/${created.body.id}`,
      { items: [{ product_id: o.vodka, qty: 3, price: 18.5 }] },
      o.token,
    );
    expect(edited.status).toBe(200);
    expect(edited.body.items[0]).toMatchObject({ qty: 3, previousPrice: 19.99, newPrice: 18.5 });
    const pdf = await fetch(`${app.baseUrl}/api/v1/invoice/pdf`, {
      method: 'POST',
      headers: { authorization: `Bearer ${o.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ number: created.body.number }),
    });
    expect(pdf.status).toBe(200);
    expect(pdfText(Buffer.from(await pdf.arrayBuffer())).replace(/\s+/g, ' ')).toContain(
      'Price changed from $19.99 to $18.50: Case deal',
    );
  }, 60_000);
});
