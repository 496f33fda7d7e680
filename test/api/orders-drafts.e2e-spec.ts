import { jest } from '@jest/globals';
import { allProjections } from '#projections/index.js';
import { ident } from '#projections/projection.js';
import { rebuildProjection } from '#engine';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { businessDate } from '#domain/shared/business-date.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { setFeature } from '../support/cli.js';

interface Distributor {
  token: string;
  email: string;
  companyId: string;
  customerId: string;
  vodka: string;
  beer: string;
}

type Line = { product_id: string; qty: number };

/*
 * The ordering app's drafts (as the client's specification asks): a customer user saves the cart as a draft, changes it,
 * cancels it or places it; a draft is priced and numbered only when placed, and the distributor never sees one.
 */
describe('Order drafts (HTTP)', () => {
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

  async function aDistributor(): Promise<Distributor> {
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
    await setFeature(app.app, user.company_id, 'order');
    await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
    return { token, email, companyId: user.company_id, customerId: customer.body.id, vodka, beer };
  }

  /** Invites a customer user, accepts the e-mailed link, and answers its token. */
  async function aCustomerUser(d: Distributor, customerId = d.customerId) {
    const email = `draft${Date.now()}${seq++}@example.test`;
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
    return { id: invited.body.user.id as string, email, token: accepted.body.token as string };
  }

  const saveDraft = (token: string, items: Line[], note = 'For Saturday', key?: string) =>
    api.post('shop/order/draft', { items, note }, token, key ? { 'idempotency-key': key } : undefined);
  const placeFromCart = (token: string, items: Line[]) =>
    api.post('shop/order', { items, note: 'Now' }, token);
  const placedGrid = (token: string) =>
    api.get(
      `order/grid?startRow=0&endRow=10&filterModel=${encodeURIComponent(JSON.stringify({ status: { filterType: 'set', values: ['placed'] } }))}`,
      token,
    );

  it('saves the cart as a draft the distributor does not see: no number, no order, no count, no stats', async () => {
    const d = await aDistributor();
    const user = await aCustomerUser(d);
    const lines = [
      { product_id: d.vodka, qty: 12 },
      { product_id: d.beer, qty: 2 },
    ];
    const saved = await saveDraft(user.token, lines, 'For Saturday', 'draft-key-0001');
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({
      status: 'draft',
      status_label: 'Draft',
      units: 14,
      note: 'For Saturday',
      customerUser: { id: user.id, name: 'Bar Manager' },
      items: [
        { line: 1, product_id: d.vodka, qty: 12, product: { product: "TITO'S VODKA" } },
        { line: 2, product_id: d.beer, qty: 2 },
      ],
    });
    expect(saved.body).not.toHaveProperty('order_number');
    expect(saved.body.items[0]).not.toHaveProperty('price');
    // a retried save (same Idempotency-Key) is the same draft
    const retry = await saveDraft(user.token, lines, 'For Saturday', 'draft-key-0001');
    expect(retry.body.id).toBe(saved.body.id);
    expect((await api.get('shop/order/draft', user.token)).body.map((x: { id: string }) => x.id)).toEqual([
      saved.body.id,
    ]);
    expect((await api.get('shop/order', user.token)).body).toEqual([]);
    // the back office: not an order
    expect((await api.get('order/count', d.token)).body).toEqual({ count: 0 });
    expect((await api.get('order/grid?startRow=0&endRow=10', d.token)).body).toEqual({ rows: [], count: 0 });
    expect((await placedGrid(d.token)).body.count).toBe(0);
    expect((await api.get(`order/${saved.body.id}`, d.token)).status).toBe(404);
    expect((await api.put(`order/${saved.body.id}`, { status: 'cancelled' }, d.token)).status).toBe(404);
    expect((await api.put(`order/${saved.body.id}`, { note: 'Seen it' }, d.token)).status).toBe(404);
    expect((await api.post(`order/${saved.body.id}/link`, {}, d.token)).status).toBe(404);
    await setFeature(app.app, d.companyId, 'reports');
    await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
    const day = businessDate(new Date().toISOString());
    expect((await api.get(`company/stats?from=${day}&to=${day}`, d.token)).body).toMatchObject({
      stats: { orderCount: 0, orderTotal: 0 },
      orderStats: { total_qty: 0 },
    });
  });

  it('opens a draft at today’s prices, saves it again, and places it priced that day with the next number', async () => {
    const d = await aDistributor();
    const user = await aCustomerUser(d);
    const colleague = await aCustomerUser(d);
    const first = await placeFromCart(user.token, [{ product_id: d.beer, qty: 1 }]);
    expect(first.body.order_number).toBe(1);
    const draft = (await saveDraft(user.token, [{ product_id: d.vodka, qty: 2 }])).body;
    // another user of the same customer changes it
    const updated = await api.put(
      `shop/order/draft/${draft.id}`,
      {
        items: [
          { product_id: d.vodka, qty: 3 },
          { product_id: d.beer, qty: 1 },
        ],
        note: 'Friday night',
      },
      colleague.token,
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      units: 4,
      note: 'Friday night',
      customerUser: { id: colleague.id },
    });
    // the same again changes nothing
    const same = await api.put(
      `shop/order/draft/${draft.id}`,
      {
        items: [
          { product_id: d.vodka, qty: 3 },
          { product_id: d.beer, qty: 1 },
        ],
        note: 'Friday night',
      },
      colleague.token,
    );
    expect(same.body.updated_at).toBe(updated.body.updated_at);
    // the customer's price of the vodka changes after the draft was saved
    expect(
      (await api.put(`product/${d.vodka}`, { product_price: 21.49, customerId: d.customerId }, d.token))
        .status,
    ).toBe(200);
    const opened = await api.get(`shop/order/draft/${draft.id}`, user.token);
    expect(opened.body).toMatchObject({
      status: 'draft',
      total: 78.97,
      items: [
        { product_id: d.vodka, qty: 3, price: 21.49 },
        { product_id: d.beer, qty: 1, price: 14.5 },
      ],
    });
    const placed = await api.post(`shop/order/draft/${draft.id}/place`, {}, user.token);
    expect(placed.status).toBe(200);
    expect(placed.body).toMatchObject({
      id: draft.id,
      order_number: 2,
      status: 'placed',
      total: 78.97,
      units: 4,
      note: [{ note: 'Friday night', company_user_id: null }],
      orderItems: [
        { product_id: d.vodka, qty: 3, price: 21.49 },
        { product_id: d.beer, qty: 1, price: 14.5 },
      ],
    });
    // a retried place answers the same order and numbers nothing
    const again = await api.post(`shop/order/draft/${draft.id}/place`, {}, user.token);
    expect(again.status).toBe(200);
    expect(again.body.order_number).toBe(2);
    expect((await api.get('shop/order/draft', user.token)).body).toEqual([]);
    expect(
      (await api.get('shop/order', user.token)).body.map((o: { order_number: number }) => o.order_number),
    ).toEqual([2, 1]);
    // now the distributor's: in the grid, the count, the page; a placed draft is changed no more
    expect((await api.get('order/count', d.token)).body).toEqual({ count: 2 });
    expect((await placedGrid(d.token)).body.count).toBe(2);
    expect((await api.get('order/2', d.token)).body.order).toMatchObject({ id: draft.id, total: 78.97 });
    const late = await api.put(
      `shop/order/draft/${draft.id}`,
      { items: [{ product_id: d.beer, qty: 1 }] },
      user.token,
    );
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This order is Placed: only a draft can be changed or placed.');
    const mail = await app.mailbox.waitFor(d.email, { subjectIncludes: 'order #2' });
    expect(mail.subject).toBe('New order arrived: You got a new order #2');
  });

  it('places the cart a draft was opened into, when it sends the items and note', async () => {
    const d = await aDistributor();
    const user = await aCustomerUser(d);
    const draft = (await saveDraft(user.token, [{ product_id: d.vodka, qty: 2 }])).body;
    const placed = await api.post(
      `shop/order/draft/${draft.id}/place`,
      { items: [{ product_id: d.beer, qty: 4 }], note: 'Beer only' },
      user.token,
    );
    expect(placed.body).toMatchObject({
      order_number: 1,
      total: 58,
      orderItems: [{ product_id: d.beer, qty: 4, price: 14.5 }],
      note: [{ note: 'Beer only' }],
    });
  });

  it('places a draft as saved when the call has no body, or a null note and items', async () => {
    const d = await aDistributor();
    const user = await aCustomerUser(d);
    const first = (await saveDraft(user.token, [{ product_id: d.vodka, qty: 2 }], 'Keep me')).body;
    const second = (await saveDraft(user.token, [{ product_id: d.beer, qty: 1 }], 'Me too')).body;
    const bare = await api.post(`shop/order/draft/${first.id}/place`, undefined, user.token);
    expect(bare.status).toBe(200);
    expect(bare.body).toMatchObject({ order_number: 1, note: [{ note: 'Keep me' }], total: 39.98 });
    const nulls = await api.post(
      `shop/order/draft/${second.id}/place`,
      { items: null, note: null },
      user.token,
    );
    expect(nulls.status).toBe(200);
    expect(nulls.body).toMatchObject({ order_number: 2, note: [{ note: 'Me too' }], total: 14.5 });
    const saved = await api.post(
      'shop/order/draft',
      { items: [{ product_id: d.vodka, qty: 1 }], note: null },
      user.token,
    );
    expect(saved.status).toBe(201);
    expect(saved.body.note).toBe('');
  });

  it('cancels a draft: Draft → Cancelled, then nothing differs, and it can be neither changed nor placed', async () => {
    const d = await aDistributor();
    const user = await aCustomerUser(d);
    const draft = (await saveDraft(user.token, [{ product_id: d.vodka, qty: 2 }])).body;
    const cancelled = await api.post(`shop/order/draft/${draft.id}/cancel`, {}, user.token);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id: draft.id, status: 'cancelled', status_label: 'Cancelled' });
    expect((await api.get('shop/order/draft', user.token)).body).toEqual([]);
    expect((await api.get(`shop/order/draft/${draft.id}`, user.token)).body.status).toBe('cancelled');
    const again = await api.post(`shop/order/draft/${draft.id}/cancel`, {}, user.token);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Nothing differs: the new value is the same as the old one.');
    const place = await api.post(`shop/order/draft/${draft.id}/place`, {}, user.token);
    expect(place.status).toBe(409);
    expect(place.body.message).toBe('This order is Cancelled: only a draft can be changed or placed.');
    expect(
      (
        await api.put(
          `shop/order/draft/${draft.id}`,
          { items: [{ product_id: d.vodka, qty: 1 }] },
          user.token,
        )
      ).status,
    ).toBe(409);
    // a cancelled draft took no number: the next order is #1
    expect((await placeFromCart(user.token, [{ product_id: d.beer, qty: 1 }])).body.order_number).toBe(1);
    expect((await api.get('order/grid?startRow=0&endRow=10', d.token)).body.count).toBe(1);
  });

  it('refuses bad carts with 400 per field and unknown ids with 404', async () => {
    const d = await aDistributor();
    const user = await aCustomerUser(d);
    const other = await aDistributor();
    const foreign = await saveDraft(user.token, [{ product_id: other.vodka, qty: 1 }]);
    expect(foreign.status).toBe(400);
    expect(foreign.body.details).toEqual([{ field: 'items.0.product_id', message: 'Product not found' }]);
    const empty = await saveDraft(user.token, []);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Add at least one item.');
    expect((await saveDraft(user.token, [{ product_id: d.vodka, qty: 0 }])).status).toBe(400);
    expect((await saveDraft(user.token, [{ product_id: 'nope', qty: 1 }])).status).toBe(400);
    expect((await api.post('shop/order/draft', { items: 'x' }, user.token)).status).toBe(400);
    expect((await api.post('shop/order/draft', { items: [], extra: 1 }, user.token)).status).toBe(400);
    const draft = (await saveDraft(user.token, [{ product_id: d.vodka, qty: 1 }])).body;
    expect((await api.post(`shop/order/draft/${draft.id}/place`, { items: [] }, user.token)).status).toBe(
      400,
    );
    const gone = await api.post(
      `shop/order/draft/${draft.id}/place`,
      { items: [{ product_id: other.beer, qty: 1 }] },
      user.token,
    );
    expect(gone.status).toBe(400);
    expect(gone.body.details).toEqual([{ field: 'items.0.product_id', message: 'Product not found' }]);
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      expect((await api.get(`shop/order/draft/${id}`, user.token)).status).toBe(404);
      expect((await api.post(`shop/order/draft/${id}/place`, {}, user.token)).status).toBe(404);
      expect((await api.post(`shop/order/draft/${id}/cancel`, {}, user.token)).status).toBe(404);
      expect(
        (await api.put(`shop/order/draft/${id}`, { items: [{ product_id: d.vodka, qty: 1 }] }, user.token))
          .status,
      ).toBe(404);
    }
    expect((await api.get('order/count', d.token)).body).toEqual({ count: 0 });
  });

  it('answers 404 to a customer user of another customer or distributor, and 401 to a staff token', async () => {
    const d = await aDistributor();
    const user = await aCustomerUser(d);
    const otherCustomer = await api.post(
      'customer',
      { ...RUSTY_NAIL, name: 'The Broken Spoke', tabc_id: 'MB654321' },
      d.token,
    );
    const neighbour = await aCustomerUser(d, otherCustomer.body.id);
    const other = await aDistributor();
    const stranger = await aCustomerUser(other);
    const draft = (await saveDraft(user.token, [{ product_id: d.vodka, qty: 2 }], 'Secret note')).body;
    for (const outsider of [neighbour, stranger]) {
      const calls = [
        await api.get(`shop/order/draft/${draft.id}`, outsider.token),
        await api.put(
          `shop/order/draft/${draft.id}`,
          { items: [{ product_id: d.vodka, qty: 1 }] },
          outsider.token,
        ),
        await api.post(`shop/order/draft/${draft.id}/place`, {}, outsider.token),
        await api.post(`shop/order/draft/${draft.id}/cancel`, {}, outsider.token),
      ];
      expect(calls.map((r) => r.status)).toEqual([404, 404, 404, 404]);
      for (const r of calls) expect(JSON.stringify(r.body)).not.toContain('Secret note');
      expect((await api.get('shop/order/draft', outsider.token)).body).toEqual([]);
    }
    expect((await api.get('shop/order/draft', d.token)).status).toBe(401);
    expect((await api.post(`shop/order/draft/${draft.id}/cancel`, {}, d.token)).status).toBe(401);
    expect((await api.get(`shop/order/draft/${draft.id}`, user.token)).body.status).toBe('draft');
  });

  it('numbers drafts placed at once together with orders from the cart 1 to 20, unique and gapless', async () => {
    const d = await aDistributor();
    const users = await Promise.all([aCustomerUser(d), aCustomerUser(d)]);
    const drafts = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        saveDraft(users[i % 2]!.token, [{ product_id: d.vodka, qty: 1 + i }]),
      ),
    );
    // two of them are cancelled: they never take a number
    await api.post(`shop/order/draft/${drafts[0]!.body.id}/cancel`, {}, users[0]!.token);
    await api.post(`shop/order/draft/${drafts[1]!.body.id}/cancel`, {}, users[1]!.token);
    const responses = await Promise.all([
      ...drafts
        .slice(2)
        .map((draft, i) => api.post(`shop/order/draft/${draft.body.id}/place`, {}, users[i % 2]!.token)),
      ...Array.from({ length: 10 }, (_, i) =>
        placeFromCart(users[i % 2]!.token, [{ product_id: d.beer, qty: 1 }]),
      ),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([...Array(10).fill(200), ...Array(10).fill(201)]);
    const numbers = responses.map((r) => r.body.order_number as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect((await api.get('order/grid?startRow=0&endRow=100', d.token)).body.count).toBe(20);
  });

  it('rebuilds the order and draft read models equal to the live ones', async () => {
    const tables = ['rm_order', 'rm_order_draft'];
    const read = async () => {
      const out: Record<string, string[]> = {};
      for (const table of tables)
        out[table] = (
          await app.runtime.pool.query<{ row: string }>(
            `SELECT to_jsonb(t)::text AS row FROM ${ident(table)} t ORDER BY id`,
          )
        ).rows.map((r) => r.row);
      return out;
    };
    await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
    const live = await read();
    expect(live.rm_order_draft!.length).toBeGreaterThan(10);
    for (const projection of allProjections.filter((p) => p.tables.some((t) => tables.includes(t))))
      await rebuildProjection(app.runtime.pool, app.runtime.store, projection, { batchSize: 7 });
    expect(await read()).toEqual(live);
  });
});
