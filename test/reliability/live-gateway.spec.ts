import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { LIVE_EVENTS } from '#domain/contracts/live.contract.js';
import { allProjections } from '#projections/index.js';
import { AuthService } from '../../apps/api/src/auth/auth.service.js';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { startTestApp, type TestApp, type TestDatabase } from '../support/app.js';
import { businessDate } from '#domain/shared/business-date.js';
import { createTestDatabase } from '../support/database.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { disconnected, liveClient, refusalOf, type LiveClient } from '../support/live.js';
import { setFeature } from '../support/cli.js';

/**
 * R19 socket.gateway-authz: unauthenticated, foreign-Origin and foreign-company sockets receive nothing; a session
 * that ends stops its sockets within a second; every socket of a company gets each of its events once, in order,
 * across two API processes.
 */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const handled = new Set(allProjections.flatMap((projection) => projection.handles));

async function aStaffMember(api: ApiClient, ownerToken: string) {
  const invited = await api.post(
    'company/staff/invitation',
    { email: `staff.${randomUUID()}@example.com`, name: 'Sam Staff' },
    ownerToken,
  );
  const joined = await api.post('auth/invitation/accept', {
    token: new URL(invited.body.link).searchParams.get('invitation'),
    name: 'Sam Staff',
    title: 'Sales',
    password: 'secret-pass-1',
    confirm_password: 'secret-pass-1',
  });
  expect(joined.status).toBe(201);
  return { token: joined.body.access_token as string, id: joined.body.user.id as string };
}

describe('R19 live gateway', () => {
  let database: TestDatabase;
  let app: TestApp;
  let other: TestApp;
  let api: ApiClient;
  const open: LiveClient[] = [];
  const connect = (...args: Parameters<typeof liveClient>) => {
    const client = liveClient(...args);
    open.push(client);
    return client;
  };

  beforeAll(async () => {
    database = await createTestDatabase('live_r19');
    app = await startTestApp({ LIVE_SESSION_CHECK_MS: '500' }, { database });
    other = await startTestApp({ LIVE_SESSION_CHECK_MS: '500' }, { database });
    api = apiClient(app.baseUrl);
  }, 60_000);
  afterAll(async () => {
    for (const client of open) client.close();
    await other?.close();
    await app?.close();
    await database?.drop();
  });

  /** Appends an event no projection would refuse (types a projection handles are made through the API). */
  async function appendFact(companyId: string, type: string, data: Record<string, unknown>) {
    if (handled.has(type)) return false;
    await app.runtime.store.appendToStreams([
      {
        stream: `live-test-${randomUUID()}`,
        expected: 'no_stream',
        events: [
          {
            id: randomUUID(),
            type,
            data,
            metadata: { companyId, userId: null, occurredAt: new Date().toISOString(), schemaVersion: 1 },
          },
        ],
      },
    ]);
    return true;
  }

  it('sends company B none of company A’s events, of every kind, on either process', async () => {
    const b = await signUpOwner(api);
    const bSockets = [connect(app.baseUrl, b.token), connect(other.baseUrl, b.token)];
    const a = await signUpOwner(api);
    const aSocket = connect(other.baseUrl, a.token);
    await Promise.all([...bSockets, aSocket].map((client) => client.hello));

    // invoice:changed, stamps:changed, customer:changed, product:cache-update
    const customer = await api.post(
      'customer',
      {
        name: 'Bar A',
        address: '1 Main',
        city: 'Austin',
        zip: '78701',
        tabc_id: 'MB111111',
        cash_on_delivery: 0,
        fintech_option: 0,
      },
      a.token,
    );
    const product = await api.post(
      'product',
      {
        product: 'Vodka A',
        product_type: 'liquor',
        product_size: '750ml',
        product_price: 10,
        last_purchase_price: '5.00',
      },
      a.token,
    );
    const today = businessDate(new Date().toISOString());
    await api.post('stamp/roll', { prefix: 'ZZ', received_at: today, from: 1, to: 100 }, a.token);
    const invoice = await api.post(
      'invoice',
      { customer_id: customer.body.id, items: [{ product_id: product.body.id, qty: 1, price: 10 }] },
      a.token,
    );
    expect(invoice.status).toBe(201);
    // company:update, payment:changed
    expect((await api.post('company/feature', { name: 'payment', active: true }, a.token)).status).toBe(200);
    const paid = await api.post(
      `invoice/${invoice.body.id}/payment`,
      { amount: 1, received_at: today },
      a.token,
    );
    expect(paid.status).toBe(201);
    // credit-memo:changed
    const credited = await api.post(
      'credit-memo',
      { invoice: invoice.body.id, reason: 'pricing_error', amount: 1 },
      a.token,
    );
    expect(credited.status).toBe(201);
    // email:changed (the credit memo e-mailed)
    const emailed = await api.post(
      `credit-memo/${credited.body.id}/email`,
      { email: 'ap@example.test' },
      a.token,
    );
    expect(emailed.status).toBe(200);
    // route:changed
    const route = await api.post('routes', { date: today, name: 'North' }, a.token);
    expect(route.status).toBe(201);
    // order:feature (the provider's team switches the paid order feature on)
    await setFeature(app.app, a.user.company_id, 'order');
    // user:access
    await aStaffMember(api, a.token);
    // orders: appended as facts while no projection handles them
    const facts: Array<[string, Record<string, unknown>]> = [
      ['OrderPlaced', { orderId: randomUUID(), orderNumber: 7 }],
      ['OrderCancelled', { orderId: randomUUID() }],
      ['OrderInvoiced', { orderId: randomUUID() }],
    ];
    const appended = new Set<string>();
    for (const [type, data] of facts) if (await appendFact(a.user.company_id, type, data)) appended.add(type);
    // the four sync outcomes of the integrations: a completed sync of each partner, a success and a failure
    // and Clover's failed inventory push (clover:inventory-push-error)
    for (const [partner, outcome, kind] of [
      ['bottle_pos', 'success', 'invoices'],
      ['bottle_pos', 'failed', 'invoices'],
      ['clover', 'success', 'invoices'],
      ['clover', 'failed', 'invoices'],
      ['clover', 'failed', 'inventory'],
    ] as const)
      await app.runtime.store.appendToStreams([
        {
          stream: `integrations-${a.user.company_id}`,
          expected: 'any',
          events: [
            {
              id: randomUUID(),
              type: 'SyncCompleted',
              data: {
                syncId: randomUUID(),
                partner,
                kind,
                outcome,
                error: outcome === 'failed' ? 'The partner did not answer within 10 s.' : null,
                synced: 0,
                failed: 0,
                completedAt: new Date().toISOString(),
              },
              metadata: {
                companyId: a.user.company_id,
                userId: null,
                occurredAt: new Date().toISOString(),
                schemaVersion: 1,
              },
            },
          ],
        },
      ]);

    // a sync's progress (bottle-pos:sync-progress, clover:sync-progress): one pushed invoice of one, per partner
    for (const partner of ['bottle_pos', 'clover'] as const)
      await app.runtime.store.appendToStreams([
        {
          stream: `integrations-${a.user.company_id}`,
          expected: 'any',
          events: [
            {
              id: randomUUID(),
              type: 'InvoiceSynced',
              data: {
                syncId: randomUUID(),
                partner,
                invoiceId: invoice.body.id,
                invoiceNumber: String(invoice.body.number),
                fingerprint: 'f',
                externalId: 'x',
                syncedAt: new Date().toISOString(),
                progress: { done: 1, total: 1 },
              },
              metadata: {
                companyId: a.user.company_id,
                userId: null,
                occurredAt: new Date().toISOString(),
                schemaVersion: 1,
              },
            },
          ],
        },
      ]);

    const expected = LIVE_EVENTS.filter(
      (event) =>
        !(
          (event === 'order:placed' && !appended.has('OrderPlaced')) ||
          (event === 'order:status' && !appended.has('OrderCancelled')) ||
          (event === 'order:invoiced' && !appended.has('OrderInvoiced'))
        ),
    );
    for (const event of expected) await aSocket.next((r) => r.event === event, 10_000);
    await pause(500);
    for (const client of bSockets) expect(client.received).toEqual([]);
  });

  it('refuses sockets without a token, with another kind of token, or from a foreign Origin', async () => {
    expect((await refusalOf(connect(app.baseUrl, null))).statusCode).toBe(401);
    const owner = await signUpOwner(api);
    const link = await app.app.get(AuthService).issueLoginLink(owner.email, new Date().toISOString());
    const loginToken = new URL(link).searchParams.get('login_token')!;
    expect((await refusalOf(connect(app.baseUrl, loginToken))).statusCode).toBe(401);
    for (const origin of ['https://evil.example', 'null', 'http://127.0.0.1.evil.example']) {
      expect((await refusalOf(connect(app.baseUrl, owner.token, { origin }))).statusCode).toBe(403);
    }
  });

  /** A distributor with the order feature on, a product, a stamp roll, and `customers` customers. */
  async function aDistributor(customers: string[]) {
    const owner = await signUpOwner(api);
    await setFeature(app.app, owner.user.company_id, 'order');
    expect((await api.post('company/feature', { name: 'payment', active: true }, owner.token)).status).toBe(
      200,
    );
    const ids: string[] = [];
    for (const [n, name] of customers.entries()) {
      const customer = await api.post(
        'customer',
        { ...RUSTY_NAIL, name, tabc_id: `MB${String(300000 + n)}` },
        owner.token,
      );
      expect(customer.status).toBe(201);
      ids.push(customer.body.id);
    }
    const product = await api.post(
      'product',
      {
        product: 'Shiner Bock',
        product_type: 'beer',
        product_size: '12oz',
        product_price: 10,
        last_purchase_price: '5.00',
      },
      owner.token,
    );
    expect(product.status).toBe(201);
    const today = businessDate(new Date().toISOString());
    await api.post('stamp/roll', { prefix: 'SH', received_at: today, from: 1, to: 500 }, owner.token);
    return { ...owner, customers: ids, productId: product.body.id as string, today };
  }

  /** A customer user of the customer, signed in through the e-mailed invitation: its id and token. */
  async function aCustomerUser(ownerToken: string, customerId: string) {
    const invited = await api.post(
      'customer/user-invitation',
      {
        values: { name: 'Bar Manager', email: `bar.${randomUUID()}@example.com` },
        customer: customerId,
      },
      ownerToken,
    );
    expect(invited.status).toBe(201);
    const accepted = await api.post('shop/invitation/accept', {
      token: new URL(invited.body.link).searchParams.get('token'),
      password: 'secret1',
    });
    expect(accepted.status).toBe(200);
    return { id: invited.body.user.id as string, token: accepted.body.token as string };
  }

  const shop = (base: string, token: string | null) => connect(base, token, { namespace: '/shop' });

  it('refuses a customer user’s token on the staff gateway, and a staff token on the ordering app’s', async () => {
    const d = await aDistributor(['Bar A']);
    const user = await aCustomerUser(d.token, d.customers[0]!);
    expect((await api.get('shop/me', user.token)).status).toBe(200);
    expect((await refusalOf(connect(app.baseUrl, user.token))).statusCode).toBe(401);
    expect((await refusalOf(shop(app.baseUrl, d.token))).statusCode).toBe(401);
    expect((await refusalOf(shop(other.baseUrl, null))).statusCode).toBe(401);
    expect(
      (
        await refusalOf(
          connect(app.baseUrl, user.token, { namespace: '/shop', origin: 'https://evil.example' }),
        )
      ).statusCode,
    ).toBe(403);
    const own = shop(other.baseUrl, user.token);
    await own.hello;
    expect(own.socket.connected).toBe(true);
  });

  it('sends a customer user’s sockets its own customer’s orders and invoices only, on either process', async () => {
    const a = await aDistributor(['Bar One', 'Bar Two']);
    const b = await aDistributor(['Bar Three']);
    const one = await aCustomerUser(a.token, a.customers[0]!);
    const two = await aCustomerUser(a.token, a.customers[1]!);
    const three = await aCustomerUser(b.token, b.customers[0]!);
    const oneSockets = [shop(app.baseUrl, one.token), shop(other.baseUrl, one.token)];
    const twoSocket = shop(other.baseUrl, two.token);
    const threeSocket = shop(app.baseUrl, three.token);
    const staffA = connect(app.baseUrl, a.token);
    await Promise.all([...oneSockets, twoSocket, threeSocket, staffA].map((client) => client.hello));

    const place = async (token: string) => {
      const placed = await api.post(
        'shop/order',
        { items: [{ product_id: a.productId, qty: 2 }], note: '' },
        token,
      );
      return placed;
    };
    // Bar One orders; the distributor invoices the order and logs a payment on that invoice.
    const oneOrder = await place(one.token);
    expect(oneOrder.status).toBe(201);
    const oneInvoice = await api.post(
      'invoice',
      {
        customer_id: a.customers[0],
        items: [{ product_id: a.productId, qty: 2, price: 10 }],
        order_id: oneOrder.body.id,
      },
      a.token,
    );
    expect(oneInvoice.status).toBe(201);
    const paid = await api.post(
      `invoice/${oneInvoice.body.id}/payment`,
      { amount: 1, received_at: a.today },
      a.token,
    );
    expect(paid.status).toBe(201);
    // Bar Two orders and the distributor rejects it; Bar Two gets an invoice of its own.
    const twoOrder = await place(two.token);
    expect(twoOrder.status).toBe(201);
    expect(
      (await api.put(`order/${twoOrder.body.id}`, { status: 'rejected', note: 'No stock' }, a.token)).status,
    ).toBe(200);
    const twoInvoice = await api.post(
      'invoice',
      { customer_id: a.customers[1], items: [{ product_id: a.productId, qty: 1, price: 10 }] },
      a.token,
    );
    expect(twoInvoice.status).toBe(201);
    // Another distributor's customer orders and is invoiced.
    const threeOrder = await api.post(
      'shop/order',
      { items: [{ product_id: b.productId, qty: 1 }], note: '' },
      three.token,
    );
    expect(threeOrder.status).toBe(201);
    const threeInvoice = await api.post(
      'invoice',
      { customer_id: b.customers[0], items: [{ product_id: b.productId, qty: 1, price: 10 }] },
      b.token,
    );
    expect(threeInvoice.status).toBe(201);
    // Company-only changes a customer user never sees (the company's room).
    await api.post('customer', { ...RUSTY_NAIL, name: 'Bar Four', tabc_id: 'MB399999' }, a.token);

    for (const client of oneSockets) {
      await client.next((r) => r.event === 'order:placed' && r.message.id === oneOrder.body.id, 10_000);
      await client.next((r) => r.event === 'order:invoiced' && r.message.id === oneOrder.body.id, 10_000);
      await client.next((r) => r.event === 'invoice:changed' && r.message.id === oneInvoice.body.id, 10_000);
      await client.next((r) => r.event === 'payment:changed' && r.message.id === oneInvoice.body.id, 10_000);
    }
    const rejected = await twoSocket.next(
      (r) =>
        r.event === 'order:status' && r.message.id === twoOrder.body.id && r.message.status === 'rejected',
      10_000,
    );
    expect(rejected.message.by).toBeNull(); // no staff ids reach the ordering app
    await twoSocket.next((r) => r.event === 'invoice:changed' && r.message.id === twoInvoice.body.id, 10_000);
    await threeSocket.next((r) => r.event === 'order:placed' && r.message.id === threeOrder.body.id, 10_000);
    await threeSocket.next(
      (r) => r.event === 'invoice:changed' && r.message.id === threeInvoice.body.id,
      10_000,
    );
    await staffA.next((r) => r.event === 'customer:changed', 10_000); // the last change went out
    await pause(500);

    const ownIds =
      (...ids: string[]) =>
      (r: { message: { id: string | null } }) =>
        ids.includes(r.message.id ?? '');
    const kinds = new Set([
      'order:placed',
      'order:status',
      'order:invoiced',
      'invoice:changed',
      'payment:changed',
    ]);
    for (const client of oneSockets) {
      expect(client.received.filter((r) => !ownIds(oneOrder.body.id, oneInvoice.body.id)(r))).toEqual([]);
      expect(client.received.filter((r) => !kinds.has(r.event))).toEqual([]);
      // its own order: `by` names the customer user who placed it
      expect(client.received.find((r) => r.event === 'order:placed')?.message.by).toBe(one.id);
    }
    expect(twoSocket.received.filter((r) => !ownIds(twoOrder.body.id, twoInvoice.body.id)(r))).toEqual([]);
    expect(threeSocket.received.filter((r) => !ownIds(threeOrder.body.id, threeInvoice.body.id)(r))).toEqual(
      [],
    );
  });

  it('tells both customers’ sockets when an invoice moves from one to the other', async () => {
    const a = await aDistributor(['Bar Five', 'Bar Six']);
    const five = await aCustomerUser(a.token, a.customers[0]!);
    const six = await aCustomerUser(a.token, a.customers[1]!);
    const fiveSocket = shop(other.baseUrl, five.token);
    const sixSocket = shop(app.baseUrl, six.token);
    await Promise.all([fiveSocket.hello, sixSocket.hello]);
    const invoice = await api.post(
      'invoice',
      { customer_id: a.customers[0], items: [{ product_id: a.productId, qty: 1, price: 10 }] },
      a.token,
    );
    expect(invoice.status).toBe(201);
    await fiveSocket.next((r) => r.event === 'invoice:changed' && r.message.id === invoice.body.id, 10_000);
    await pause(1000); // every message of the creation has arrived
    const seen = fiveSocket.received.length;
    const moved = await api.put(`invoice/${invoice.body.id}`, { customer_id: a.customers[1] }, a.token);
    expect(moved.status).toBe(200);
    // the new customer's app shows it now, and the former's drops it
    await sixSocket.next((r) => r.event === 'invoice:changed' && r.message.id === invoice.body.id, 10_000);
    await fiveSocket.next(
      (r) =>
        fiveSocket.received.indexOf(r) >= seen &&
        r.event === 'invoice:changed' &&
        r.message.id === invoice.body.id,
      10_000,
    );
  });

  it('stops a customer user’s sockets on both processes within a second: disabled, revoked, signed out, customer removed, orders off', async () => {
    const d = await aDistributor(['Bar A']);
    const cases: Array<[string, (user: { id: string; token: string }) => Promise<{ status: number }>]> = [
      [
        'disabled',
        (user) => api.put('customer/user-permission', { customerUser: user.id, permission: false }, d.token),
      ],
      [
        'revoked',
        (user) =>
          api.put('customer/user-invitation-revoke', { customerUser: user.id, revoke: true }, d.token),
      ],
      ['signed out', (user) => api.post('shop/auth/sign-out', undefined, user.token)],
    ];
    // A third process that checks sessions only hourly: its sockets end through the feed's event, not the check.
    const hourly = await startTestApp({ LIVE_SESSION_CHECK_MS: '3600000' }, { database });
    try {
      for (const [what, end] of cases) {
        const user = await aCustomerUser(d.token, d.customers[0]!);
        const stays = await aCustomerUser(d.token, d.customers[0]!);
        const sockets = [shop(app.baseUrl, user.token), shop(hourly.baseUrl, user.token)];
        const other2 = shop(hourly.baseUrl, stays.token);
        await Promise.all([...sockets, other2].map((client) => client.hello));
        const gone = Promise.all(sockets.map((client) => disconnected(client, 3000)));
        const response = await end(user);
        expect({ what, status: response.status }).toEqual({
          what,
          status: what === 'signed out' ? 204 : 200,
        });
        const answered = performance.now();
        await gone;
        expect({ what, ms: performance.now() - answered < 1000 }).toEqual({ what, ms: true });
        // the refused token cannot come back, and the customer's other user stays connected
        expect((await refusalOf(shop(app.baseUrl, user.token))).statusCode).toBe(401);
        expect(other2.socket.connected).toBe(true);
      }
      // The customer removed, then (another distributor) the order feature switched off: read models first.
      const removed = await aCustomerUser(d.token, d.customers[0]!);
      const e = await aDistributor(['Bar E']);
      const switchedOff = await aCustomerUser(e.token, e.customers[0]!);
      const last = [shop(hourly.baseUrl, removed.token), shop(hourly.baseUrl, switchedOff.token)];
      await Promise.all(last.map((client) => client.hello));
      const lastGone = last.map((client) => disconnected(client, 3000));
      expect((await api.delete(`customer/${d.customers[0]}`, d.token)).status).toBe(200);
      await lastGone[0];
      await setFeature(app.app, e.user.company_id, 'order', false);
      await lastGone[1];
    } finally {
      for (const client of open) client.close();
      await hourly.close();
    }
  });

  it('stops a disabled staff member’s sockets on both processes within a second', async () => {
    const owner = await signUpOwner(api);
    const staff = await aStaffMember(api, owner.token);
    const sockets = [connect(app.baseUrl, staff.token), connect(other.baseUrl, staff.token)];
    await Promise.all(sockets.map((client) => client.hello));
    const gone = Promise.all(sockets.map((client) => disconnected(client, 3000)));
    expect((await api.put(`company/staff/${staff.id}`, { disabled: true }, owner.token)).status).toBe(200);
    const answered = performance.now();
    await gone;
    expect(performance.now() - answered).toBeLessThan(1000);
    // and nothing reaches them afterwards
    await api.post(
      'customer',
      {
        name: 'After',
        address: '1',
        city: 'Austin',
        zip: '78701',
        tabc_id: 'MB222222',
        cash_on_delivery: 0,
        fintech_option: 0,
      },
      owner.token,
    );
    await pause(300);
    for (const client of sockets)
      expect(client.received.filter((r) => r.event === 'customer:changed')).toEqual([]);
  });

  it('ends a socket when its token expires, and a session revoked without an event at the next check', async () => {
    const owner = await signUpOwner(api);
    await app.runtime.pool.query(
      `UPDATE sessions SET expires_at = now() + interval '1500 milliseconds'
        WHERE user_id = $1`,
      [owner.user.id],
    );
    const expiring = connect(app.baseUrl, owner.token);
    await expiring.hello;
    await disconnected(expiring, 3000);

    const second = await signUpOwner(api);
    const revoked = connect(other.baseUrl, second.token);
    await revoked.hello;
    await app.runtime.pool.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1', [
      second.user.id,
    ]);
    await disconnected(revoked, 1500); // LIVE_SESSION_CHECK_MS=500 here
  });

  it('throttles a flood of resume requests without harm', async () => {
    const owner = await signUpOwner(api);
    const client = connect(app.baseUrl, owner.token);
    const { checkpoint } = await client.hello;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => client.socket.emitWithAck('live:resume', { after: checkpoint })),
    );
    expect(answers.filter((answer) => 'error' in answer)).toHaveLength(40);
    expect(answers[0]).toEqual({ mode: 'replay', messages: [] });
    expect(client.socket.connected).toBe(true);
  });

  it('delivers every event of its company to each of many sockets on two processes once, in order', async () => {
    const total = Number(process.env.LIVE_SOCKETS ?? 1000);
    const owners = [await signUpOwner(api), await signUpOwner(api)];
    const clients: Array<{ client: LiveClient; company: number }> = [];
    for (let i = 0; i < total; i += 100) {
      const batch = Array.from({ length: Math.min(100, total - i) }, (_, j) => {
        const company = (i + j) % 2;
        const target = (i + j) % 4 < 2 ? app : other;
        return { client: connect(target.baseUrl, owners[company]!.token), company };
      });
      await Promise.all(batch.map(({ client }) => client.hello));
      clients.push(...batch);
    }
    const created: string[][] = [[], []];
    for (let n = 0; n < 10; n++) {
      for (const company of [0, 1]) {
        const target = n % 2 === 0 ? api : apiClient(other.baseUrl);
        const response = await target.post(
          'customer',
          { ...RUSTY_NAIL, name: `Bar ${n}`, tabc_id: `MB${String(100000 + n)}` },
          owners[company]!.token,
        );
        expect(response.status).toBe(201);
        created[company]!.push(response.body.id);
      }
    }
    const store = app.runtime.store;
    const deadline = Date.now() + 20_000;
    const complete = () => clients.every(({ client }) => client.received.length >= 10);
    while (!complete() && Date.now() < deadline) await pause(100);
    await pause(300); // anything extra would arrive now
    let wrong = 0;
    for (const { client, company } of clients) {
      const ids = client.received.map((r) => r.message.id);
      const checkpoints = client.received.map((r) => r.message.checkpoint);
      const ordered = checkpoints.every(
        (cp, k) => k === 0 || store.compareCheckpoints(checkpoints[k - 1]!, cp) < 0,
      );
      if (JSON.stringify(ids) !== JSON.stringify(created[company]) || !ordered) wrong++;
    }
    expect({ sockets: clients.length, wrong }).toEqual({ sockets: total, wrong: 0 });
  }, 120_000);
});
