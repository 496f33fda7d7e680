import { jest } from '@jest/globals';
import { request } from 'node:http';
import { PATH_METADATA, METHOD_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { IS_PUBLIC } from '../../apps/api/src/auth/public.decorator.js';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { pdfText } from '../support/pdf-text.js';
import { businessDate } from '#domain/shared/business-date.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { type ApiClient, apiClient, completeCompany, signUpOwner } from '../support/http.js';
import { expectOtherCompanyGets404 } from '../support/tenancy.js';
import { setFeature } from '../support/cli.js';

interface Distributor {
  token: string;
  email: string;
  companyId: string;
  customerId: string;
  vodka: string;
  beer: string;
}

describe('Orders and customer users (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;
  let seq = 0;

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
    jest.spyOn(console, 'log').mockImplementation(() => {});
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await app.close();
  });

  const turnOn = async (companyId: string, feature: string) => {
    await setFeature(app.app, companyId, feature);
    await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
  };

  async function aDistributor({ order = true } = {}): Promise<Distributor> {
    const { token, user, email } = await signUpOwner(api);
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
    if (order) await turnOn(user.company_id, 'order');
    return { token, email, companyId: user.company_id, customerId: customer.body.id, vodka, beer };
  }

  /** Invites a customer user, accepts the e-mailed link, and answers its token. */
  async function aCustomerUser(d: Distributor, customerId = d.customerId) {
    const email = `bar${Date.now()}${seq++}@example.test`;
    const invited = await api.post(
      'customer/user-invitation',
      { values: { name: 'Bar Manager', email }, customer: customerId },
      d.token,
    );
    expect(invited.status).toBe(201);
    const mail = await app.mailbox.waitFor(email);
    const token = /invitation\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const accepted = await api.post('shop/invitation/accept', { token, password: 'secret1' });
    expect(accepted.status).toBe(200);
    return { id: invited.body.user.id as string, email, token: accepted.body.token as string, link: token };
  }

  const place = (token: string, items: { product_id: string; qty: number }[], key?: string) =>
    api.post(
      'shop/order',
      { items, note: 'Before Friday' },
      token,
      key ? { 'idempotency-key': key } : undefined,
    );

  describe('the order feature', () => {
    it('gates the order and customer-user calls with 403 while off', async () => {
      const d = await aDistributor({ order: false });
      for (const path of ['order/grid', 'order/count', 'customer/all-users', `customer/${d.customerId}/user`])
        expect((await api.get(path, d.token)).status).toBe(403);
    });
  });

  describe('customer users', () => {
    it('invites with the spec messages, refuses a registered e-mail under the field, and e-mails a single-use link', async () => {
      const d = await aDistributor();
      const bad = await api.post(
        'customer/user-invitation',
        { values: { name: 'Al', email: 'nope' }, customer: d.customerId },
        d.token,
      );
      expect(bad.status).toBe(400);
      expect(bad.body.details).toEqual(
        expect.arrayContaining([
          { field: 'values.name', message: 'User name is required !' },
          { field: 'values.email', message: "Email can't be an empty field !" },
        ]),
      );
      const user = await aCustomerUser(d);
      const again = await api.post(
        'customer/user-invitation',
        { values: { name: 'Other Person', email: user.email.toUpperCase() }, customer: d.customerId },
        d.token,
      );
      expect(again.status).toBe(400);
      expect(again.body.details).toEqual([
        { field: 'email', message: 'An account with this email already exists.' },
      ]);
      // single use
      const reuse = await api.post('shop/invitation/accept', { token: user.link, password: 'secret2' });
      expect(reuse.status).toBe(400);
      expect(reuse.body.message).toBe('This invitation link is invalid or has expired.');
      const list = await api.get(`customer/${d.customerId}/user`, d.token);
      expect(list.body).toEqual([
        expect.objectContaining({ email: user.email, access: 'Enabled', is_enable: true }),
      ]);
      expect((await api.get('shop/me', user.token)).body).toMatchObject({
        email: user.email,
        customer: { id: d.customerId, name: 'The Rusty Nail' },
      });
    });

    it('shows an invited user (never signed in) with a blank access', async () => {
      const d = await aDistributor();
      const invited = await api.post(
        'customer/user-invitation',
        {
          values: { name: 'New Person', email: `new${seq++}@example.test`, tabc_id: 'MB123456' },
          customer: d.customerId,
        },
        d.token,
      );
      expect(invited.body.user).toMatchObject({ access: '', tabc_id: 'MB123456' });
      expect(invited.body.link).toMatch(/\/shop\/.+\/invitation\?token=/);
    });

    it('stops a disabled or revoked customer user’s token at once, and enables again', async () => {
      const d = await aDistributor();
      const user = await aCustomerUser(d);
      expect((await api.get('shop/catalogue', user.token)).status).toBe(200);
      const off = await api.put(
        'customer/user-permission',
        { permission: false, customerUser: user.id },
        d.token,
      );
      expect(off.body.access).toBe('Disabled');
      expect((await api.get('shop/catalogue', user.token)).status).toBe(401);
      await api.put('customer/user-permission', { permission: true, customerUser: user.id }, d.token);
      const signedIn = await api.post('shop/auth/sign-in', { email: user.email, password: 'secret1' });
      expect(signedIn.status).toBe(200);
      const revoked = await api.put(
        'customer/user-invitation-revoke',
        { revoke: true, customerUser: user.id },
        d.token,
      );
      expect(revoked.body.access).toBe('Revoked');
      expect((await api.get('shop/me', signedIn.body.token)).status).toBe(401);
      expect((await api.post('shop/auth/sign-in', { email: user.email, password: 'secret1' })).status).toBe(
        400,
      );
      const back = await api.put(
        'customer/user-invitation-revoke',
        { revoke: false, customerUser: user.id },
        d.token,
      );
      expect(back.body.access).toBe('Enabled');
    });

    it('saves the notification preferences of a customer’s users', async () => {
      const d = await aDistributor();
      await aCustomerUser(d);
      const saved = await api.put(
        `customer/${d.customerId}/notification-preferences`,
        { app: false, email: true, sms: 1 },
        d.token,
      );
      expect(saved.status).toBe(200);
      expect(saved.body[0]).toMatchObject({
        app_notification: false,
        email_notification: true,
        sms_notification: true,
      });
    });

    it('never lets a customer user’s token open a back-office route', async () => {
      const d = await aDistributor();
      const user = await aCustomerUser(d);
      const routes: { method: string; path: string }[] = [];
      for (const module of app.app.get(ModulesContainer).values()) {
        for (const wrapper of module.controllers.values()) {
          const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
          if (!controller) continue;
          const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
          const classPublic = Reflect.getMetadata(IS_PUBLIC, controller) === true;
          for (const name of Object.getOwnPropertyNames(controller.prototype)) {
            const handler = controller.prototype[name];
            if (name === 'constructor' || typeof handler !== 'function') continue;
            const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
            const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
            if (method === undefined || path === undefined) continue;
            if (classPublic || Reflect.getMetadata(IS_PUBLIC, handler) === true) continue;
            const full = [base, path]
              .join('/')
              .split('/')
              .filter(Boolean)
              .join('/')
              .replace(/:[A-Za-z_]+/g, d.customerId);
            routes.push({ method: RequestMethod[method], path: full });
          }
        }
      }
      expect(routes.length).toBeGreaterThan(40);
      for (const route of routes) {
        const response = await api.call(route.method, route.path, {
          token: user.token,
          body: route.method === 'GET' ? undefined : {},
        });
        expect({ route: `${route.method} ${route.path}`, status: response.status }).toEqual({
          route: `${route.method} ${route.path}`,
          status: 401,
        });
      }
      // and a company user's token is not a customer user's
      expect((await api.get('shop/catalogue', d.token)).status).toBe(401);
    });
  });

  describe('placing and reviewing orders', () => {
    it('places at the customer’s prices, once per Idempotency-Key, and shows it in the grid and the count', async () => {
      const d = await aDistributor();
      const user = await aCustomerUser(d);
      const catalogue = await api.get('shop/catalogue?search=tito', user.token);
      expect(catalogue.body).toEqual([expect.objectContaining({ id: d.vodka, price: 19.99 })]);
      // each word typed, in order, anything between them; not the words in another order
      const words = await api.get(`shop/catalogue?search=${encodeURIComponent(' tito  vodka ')}`, user.token);
      expect(words.body).toEqual([expect.objectContaining({ id: d.vodka })]);
      expect((await api.get('shop/catalogue?search=vodka%20tito', user.token)).body).toEqual([]);
      const first = await place(
        user.token,
        [
          { product_id: d.vodka, qty: 2 },
          { product_id: d.beer, qty: 3 },
        ],
        'order-key-0001',
      );
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({
        order_number: 1,
        status: 'placed',
        status_label: 'Placed',
        total: 83.48,
        units: 5,
      });
      const retry = await place(
        user.token,
        [
          { product_id: d.vodka, qty: 2 },
          { product_id: d.beer, qty: 3 },
        ],
        'order-key-0001',
      );
      expect(retry.body.id).toBe(first.body.id);
      expect((await api.get('order/count', d.token)).body).toEqual({ count: 1 });
      const grid = await api.get(
        `order/grid?startRow=0&endRow=10&filterModel=${encodeURIComponent(JSON.stringify({ status: { filterType: 'set', values: ['placed'] } }))}`,
        d.token,
      );
      expect(grid.body.count).toBe(1);
      expect(grid.body.rows[0]).toMatchObject({
        order_number: 1,
        customer: 'The Rusty Nail',
        customer_exists: true,
        units: 5,
        total: 83.48,
        invoices: [],
      });
      const mail = await app.mailbox.waitFor(d.email, { subjectIncludes: 'New order arrived' });
      expect(mail.subject).toBe('New order arrived: You got a new order #1');
      await turnOn(d.companyId, 'reports');
      const day = businessDate(new Date().toISOString());
      const stats = await api.get(`company/stats?from=${day}&to=${day}`, d.token);
      expect(stats.body).toMatchObject({
        stats: { orderCount: 1, orderTotal: 83.48 },
        orderStats: { total_qty: 5 },
      });
      const mine = await api.get('shop/order', user.token);
      expect(mine.body.map((o: { order_number: number }) => o.order_number)).toEqual([1]);
    });

    it('prices the shop catalogue as the invoice builder does: the customer’s own price, else its tier, else the list price', async () => {
      const d = await aDistributor();
      await turnOn(d.companyId, 'tiered_pricing');
      const tier = (await api.post('product/price-tier', { percentage: 10 }, d.token)).body;
      await api.put(`customer/${d.customerId}`, { ...RUSTY_NAIL, product_price_tier_id: tier.id }, d.token);
      const special = await api.post(
        'customer',
        { ...RUSTY_NAIL, name: 'The Broken Spoke', tabc_id: 'MB654321', product_price_tier_id: tier.id },
        d.token,
      );
      const plain = await api.post(
        'customer',
        { ...RUSTY_NAIL, name: 'The White Horse', tabc_id: 'MB654322' },
        d.token,
      );
      expect(
        (await api.put(`product/${d.vodka}`, { product_price: 17.25, customerId: special.body.id }, d.token))
          .status,
      ).toBe(200);
      const cases = [
        { customerId: d.customerId, price: 21.99, source: 'tier' }, // 19.99 × 1.10 = 21.989, half-up
        { customerId: special.body.id as string, price: 17.25, source: 'customer' },
        { customerId: plain.body.id as string, price: 19.99, source: 'list' },
      ];
      for (const { customerId, price, source } of cases) {
        const user = await aCustomerUser(d, customerId);
        const shop = (await api.get('shop/catalogue?search=tito', user.token)).body;
        const builder = (await api.get(`product/suggestions?query=tito&customerId=${customerId}`, d.token))
          .body;
        expect({ source, shop: shop[0]?.price }).toEqual({ source, shop: price });
        expect(builder[0]).toMatchObject({ price, price_source: source });
        const order = await place(user.token, [{ product_id: d.vodka, qty: 2 }]);
        expect(order.body.orderItems[0]).toMatchObject({ price, total: Math.round(price * 200) / 100 });
      }
    });

    it('refuses unknown products and bad quantities with 400 and places nothing', async () => {
      const d = await aDistributor();
      const user = await aCustomerUser(d);
      const other = await aDistributor();
      const foreign = await place(user.token, [{ product_id: other.vodka, qty: 1 }]);
      expect(foreign.status).toBe(400);
      expect(foreign.body.details).toEqual([{ field: 'items.0.product_id', message: 'Product not found' }]);
      const zero = await place(user.token, [{ product_id: d.vodka, qty: 0 }]);
      expect(zero.status).toBe(400);
      expect((await place(user.token, [])).status).toBe(400);
      expect((await api.get('order/count', d.token)).body).toEqual({ count: 0 });
    });

    it('numbers 30 concurrent orders of one distributor 1 to 30, unique and gapless', async () => {
      const d = await aDistributor();
      const users = await Promise.all([aCustomerUser(d), aCustomerUser(d), aCustomerUser(d)]);
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          place(users[i % 3]!.token, [{ product_id: d.vodka, qty: 1 + (i % 4) }]),
        ),
      );
      expect(responses.map((r) => r.status)).toEqual(Array(30).fill(201));
      const numbers = responses.map((r) => r.body.order_number as number).sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    });

    it('reviews items keeping previous values, says nothing differs, rejects irreversibly', async () => {
      const d = await aDistributor();
      const user = await aCustomerUser(d);
      await place(user.token, [
        { product_id: d.vodka, qty: 2 },
        { product_id: d.beer, qty: 3 },
      ]);
      const priced = await api.put(
        'order/1/item/1',
        { action: 'price', price: '18.50', note: 'Deal' },
        d.token,
      );
      expect(priced.status).toBe(200);
      expect(priced.body.modifiedOrderItems).toEqual([
        expect.objectContaining({
          line: 1,
          price: 18.5,
          new_price: 18.5,
          previous_price: 19.99,
          price_change_note: 'Deal',
        }),
      ]);
      const same = await api.put('order/1/item/1', { action: 'price', price: 18.5 }, d.token);
      expect(same.status).toBe(400);
      expect(same.body.message).toBe('Nothing differs: the new value is the same as the old one.');
      const qty = await api.put('order/1/item/2', { action: 'qty', qty: 1, note: 'Only one left' }, d.token);
      expect(qty.body.order.orderItems[1]).toMatchObject({ qty: 1, new_qty: 1, previous_qty: 3 });
      const noted = await api.put('order/1', { note: 'Delivering Tuesday' }, d.token);
      expect(noted.body.order.note.at(-1)).toMatchObject({
        note: 'Delivering Tuesday',
        company_user_id: expect.any(String),
      });
      const rejected = await api.put('order/1', { status: 'rejected', note: 'Closed for stock' }, d.token);
      expect(rejected.body.order.status).toBe('rejected');
      const cancel = await api.put('order/1', { status: 'cancelled' }, d.token);
      expect(cancel.status).toBe(409);
      expect(cancel.body.message).toBe('This order is Rejected: only a placed order can be changed.');
      expect((await api.get('order/count', d.token)).body).toEqual({ count: 0 });
    });

    it('lets the customer user cancel its own order, not another customer’s', async () => {
      const d = await aDistributor();
      const user = await aCustomerUser(d);
      const otherCustomer = await api.post(
        'customer',
        { ...RUSTY_NAIL, name: 'The Broken Spoke', tabc_id: 'MB654321' },
        d.token,
      );
      const neighbour = await aCustomerUser(d, otherCustomer.body.id);
      const order = await place(user.token, [{ product_id: d.vodka, qty: 2 }]);
      expect((await api.post(`shop/order/${order.body.id}/cancel`, {}, neighbour.token)).status).toBe(404);
      expect((await api.get('shop/order', neighbour.token)).body).toEqual([]);
      const cancelled = await api.post(`shop/order/${order.body.id}/cancel`, {}, user.token);
      expect(cancelled.body.status).toBe('cancelled');
      const again = await api.post(`shop/order/${order.body.id}/cancel`, {}, user.token);
      expect(again.status).toBe(400);
    });
  });

  describe('the shop address', () => {
    it('names the distributor of a subdomain, and nothing for an unknown or released one', async () => {
      const d = await aDistributor();
      const subdomain = `rusty${Date.now().toString(36)}`;
      const owner = { token: d.token, user: { company_id: d.companyId } };
      await completeCompany(api, owner, { subdomain });
      expect((await api.get(`shop/company/${subdomain.toUpperCase()}`)).body).toEqual({
        name: 'Lone Star Spirits',
        subdomain,
      });
      const unknown = await api.get(`shop/company/${subdomain}x`);
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('No distributor orders at this address.');
      expect((await api.get('shop/company/..%2f')).status).toBe(404);
      expect((await api.get('shop/company/-bad-')).status).toBe(404);
      await completeCompany(api, owner, { subdomain: `${subdomain}-new` });
      expect((await api.get(`shop/company/${subdomain}`)).status).toBe(404);
      expect((await api.get(`shop/company/${subdomain}-new`)).body.name).toBe('Lone Star Spirits');
    });
  });

  describe('the shop host name', () => {
    /** A GET of the web app with its own Host header (fetch does not let a caller set Host). */
    const getWithHost = (path: string, host: string) =>
      new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
        const url = new URL(app.baseUrl);
        const req = request(
          { host: url.hostname, port: url.port, path, method: 'GET', headers: { host } },
          (res) => {
            res.resume();
            resolve({ status: res.statusCode ?? 0, location: res.headers.location });
          },
        );
        req.on('error', reject);
        req.end();
      });

    it('opens the ordering app of {subdomain}.{APP_URL host}, and leaves the app host and the API alone', async () => {
      const appUrl = app.runtime.config.appUrl;
      app.runtime.config.appUrl = 'https://stampline.example';
      try {
        expect(await getWithHost('/', 'acme.stampline.example')).toEqual({
          status: 302,
          location: '/shop/acme',
        });
        expect(await getWithHost('/invitation?token=abc', 'ACME.stampline.example:443')).toEqual({
          status: 302,
          location: '/shop/acme/invitation?token=abc',
        });
        expect((await getWithHost('/shop/acme', 'acme.stampline.example')).status).toBe(200);
        expect((await getWithHost('/', 'stampline.example')).status).toBe(200);
        expect((await getWithHost('/', 'acme.elsewhere.example')).status).toBe(200);
        expect((await getWithHost('/api/v1/shop/company/acme', 'acme.stampline.example')).status).toBe(404);
      } finally {
        app.runtime.config.appUrl = appUrl;
      }
    });
  });

  describe('the public order view', () => {
    it('opens one order by token, and answers one 404 for any other token', async () => {
      const d = await aDistributor();
      const user = await aCustomerUser(d);
      await place(user.token, [{ product_id: d.vodka, qty: 2 }]);
      const link = await api.post('order/1/link', {}, d.token);
      expect(link.status).toBe(201);
      expect(link.body.url).toBe(`/order/pdf/${link.body.token}`);
      const opened = await api.get(`pdf/order/${link.body.token}`);
      expect(opened.status).toBe(200);
      expect(opened.body.order).toMatchObject({ order_number: 1, total: 39.98 });
      expect(opened.body.modifiedOrderItems).toEqual([]);
      const wrong = await api.get(`pdf/order/${'x'.repeat(43)}`);
      expect(wrong.status).toBe(404);
      expect(wrong.body.message).toBe('This link is invalid or has expired.');
      const other = await aDistributor();
      expect((await api.post('order/1/link', {}, other.token)).status).toBe(404);
    });

    it('prints the order as a PDF through the Chromium pool, by the same token, naming the order number', async () => {
      const d = await aDistributor();
      const user = await aCustomerUser(d);
      await place(user.token, [
        { product_id: d.vodka, qty: 2 },
        { product_id: d.beer, qty: 3 },
      ]);
      await api.put('order/1/item/2', { action: 'price', price: '12.00', note: 'Case deal' }, d.token);
      const link = await api.post('order/1/link', {}, d.token);
      const file = await fetch(`${app.baseUrl}/api/v1/pdf/order/${link.body.token}/file`);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      expect(file.headers.get('content-disposition')).toMatch(
        /^inline; filename="order_1_\d{2}_[A-Z][a-z]{2}_\d{4}\.pdf"/,
      );
      const pdf = Buffer.from(await file.arrayBuffer());
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(pdf);
      expect(text).toContain('Order #1');
      expect(text).toContain('The Rusty Nail');
      expect(text).toContain("TITO'S VODKA");
      expect(text).toContain('Price: Case deal');
      expect(text).toContain('$75.98'); // 2 × 19.99 + 3 × 12.00
      const dead = await fetch(`${app.baseUrl}/api/v1/pdf/order/${'x'.repeat(43)}/file`);
      expect(dead.status).toBe(404);
      expect((await api.delete('order/1/link', d.token)).status).toBe(200);
      expect((await fetch(`${app.baseUrl}/api/v1/pdf/order/${link.body.token}/file`)).status).toBe(404);
    }, 60_000);
  });

  describe('order → invoice', () => {
    it('creates the invoice once, allocates its stamps then, and links both ways', async () => {
      const d = await aDistributor();
      const user = await aCustomerUser(d);
      const today = businessDate(new Date().toISOString());
      await api.post('stamp/roll', { prefix: 'AB', received_at: today, from: 1000, to: 1479 }, d.token);
      const order = await place(user.token, [{ product_id: d.vodka, qty: 2 }]);
      const body = {
        customer_id: d.customerId,
        items: [{ product_id: d.vodka, qty: 2, price: 19.99 }],
        order_id: order.body.id,
      };
      const clicks = await Promise.all(
        Array.from({ length: 20 }, () =>
          api.post('invoice', body, d.token, { 'idempotency-key': 'from-order-0001' }),
        ),
      );
      // The same key while the first is running answers 409 (IdempotencyInterceptor); the retry then replays it.
      expect(clicks.every((c) => c.status === 201 || c.status === 409)).toBe(true);
      const retried = await api.post('invoice', body, d.token, { 'idempotency-key': 'from-order-0001' });
      expect(retried.status).toBe(201);
      expect(new Set([retried, ...clicks.filter((c) => c.status === 201)].map((c) => c.body.id)).size).toBe(
        1,
      );
      const invoice = retried.body;
      expect(invoice.orders).toEqual([order.body.id]);
      expect(invoice.stamps).toHaveLength(1);
      const detail = await api.get(`order/${order.body.order_number}`, d.token);
      expect(detail.body.order).toMatchObject({
        status: 'invoiced',
        invoices: [{ id: invoice.id, number: invoice.number }],
      });
      const second = await api.post('invoice', body, d.token, { 'idempotency-key': 'from-order-0002' });
      expect(second.status).toBe(409);
      const grid = await api.get('invoice/grid?startRow=0&endRow=10', d.token);
      expect(grid.body.count).toBe(1);
    });
  });

  describe('order → invoice, racing', () => {
    it('creates one invoice from 20 concurrent Create Invoice clicks with different keys (several tabs)', async () => {
      const d = await aDistributor();
      const user = await aCustomerUser(d);
      const today = businessDate(new Date().toISOString());
      await api.post('stamp/roll', { prefix: 'AB', received_at: today, from: 1000, to: 1479 }, d.token);
      const order = await place(user.token, [{ product_id: d.vodka, qty: 3 }]);
      const body = {
        customer_id: d.customerId,
        items: [{ product_id: d.vodka, qty: 3, price: 19.99 }],
        order_id: order.body.id,
      };
      const clicks = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          api.post('invoice', body, d.token, { 'idempotency-key': `tab-${i}-from-order` }),
        ),
      );
      const created = clicks.filter((c) => c.status === 201);
      expect(created).toHaveLength(1);
      expect(clicks.filter((c) => c.status !== 201).map((c) => c.status)).toEqual(Array(19).fill(409));
      const grid = await api.get('invoice/grid?startRow=0&endRow=10', d.token);
      expect(grid.body.count).toBe(1);
      expect(created[0]!.body.stamps).toHaveLength(1); // 3 bottles: one range, allocated once
      const stamps = created[0]!.body.stamps as { from: number; to: number }[];
      expect(stamps[0]!.to - stamps[0]!.from + 1).toBe(3);
      const detail = await api.get(`order/${order.body.order_number}`, d.token);
      expect(detail.body.order).toMatchObject({
        status: 'invoiced',
        invoices: [{ id: created[0]!.body.id, number: created[0]!.body.number }],
      });
    });
  });

  describe('tenancy', () => {
    it('answers 404 to another company for every order and customer-user route', async () => {
      const d = await aDistributor();
      const user = await aCustomerUser(d);
      const order = await place(user.token, [{ product_id: d.vodka, qty: 2 }]);
      const other = await aDistributor();
      await expectOtherCompanyGets404(
        api,
        other.token,
        [
          { method: 'GET', path: `order/${order.body.id}` },
          { method: 'GET', path: `order/${order.body.order_number}` },
          { method: 'PUT', path: `order/${order.body.id}`, body: { status: 'cancelled' } },
          { method: 'PUT', path: `order/${order.body.id}/item/1`, body: { action: 'reject' } },
          { method: 'POST', path: `order/${order.body.id}/link` },
          { method: 'DELETE', path: `order/${order.body.id}/link` },
          { method: 'GET', path: `customer/${d.customerId}/user` },
          { method: 'PUT', path: `customer/${d.customerId}/notification-preferences`, body: { app: true } },
          {
            method: 'PUT',
            path: 'customer/user-permission',
            body: { permission: false, customerUser: user.id },
          },
          {
            method: 'PUT',
            path: 'customer/user-invitation-revoke',
            body: { revoke: true, customerUser: user.id },
          },
          {
            method: 'POST',
            path: 'customer/user-invitation',
            body: { values: { name: 'Sneaky', email: 'x@example.test' }, customer: d.customerId },
          },
          {
            method: 'POST',
            path: 'invoice',
            body: {
              customer_id: other.customerId,
              items: [{ product_id: other.vodka, qty: 1, price: 1 }],
              order_id: order.body.id,
            },
          },
        ],
        ['The Rusty Nail', user.email, 'Before Friday'],
      );
      expect((await api.get('order/grid?startRow=0&endRow=10', other.token)).body.count).toBe(0);
      expect((await api.get('customer/all-users', other.token)).body).toEqual([]);
    });
  });
});
