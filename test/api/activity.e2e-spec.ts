import { businessDate } from '#domain/shared/business-date.js';
import { activityProjection } from '#projections/activity/activity.projection.js';
import { rebuildProjection } from '#engine';
import { setFeature } from '../support/cli.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';

const CUSTOMER = {
  name: 'The Rusty Nail',
  address: '500 E 6th St',
  city: 'Austin',
  zip: '78701',
  tabc_id: 'MB123456',
  cash_on_delivery: 0,
  fintech_option: 0,
};
const BEER = {
  product: 'Shiner Bock 6pk',
  product_type: 'beer',
  product_size: '12oz',
  product_price: 9,
  last_purchase_price: '5.00',
};

interface ActivityRow {
  id: string;
  module: string;
  type: string;
  success: boolean;
  info: Record<string, unknown>;
  created_at: string;
  user_name: string | null;
  kind: string;
  account: boolean;
  customer_id: string | null;
  invoice: string | null;
}

/** Today in the company's default time zone (America/Chicago), and days around it. */
const today = () => businessDate(new Date().toISOString());
const dayFromToday = (days: number) => {
  const [y, m, d] = today().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

describe('Activity log (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;
  let owner: Awaited<ReturnType<typeof signUpOwner>>;

  const grid = async (token: string, params: Record<string, unknown> = {}) => {
    const query = new URLSearchParams({ startRow: '0', endRow: '100' });
    for (const [key, value] of Object.entries(params))
      query.set(key, typeof value === 'string' ? value : JSON.stringify(value));
    const response = await api.get<{ rows: ActivityRow[]; count: number }>(
      `user/user-activity/grid?${query}`,
      token,
    );
    expect(response.status).toBe(200);
    return response.body;
  };
  /** Waits until the log holds a row matching `match` (the projection runs after the command answered). */
  const eventually = async (token: string, match: (row: ActivityRow) => boolean) => {
    for (let attempt = 0; attempt < 50; attempt++) {
      const page = await grid(token);
      const row = page.rows.find(match);
      if (row) return { row, page };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('no such activity row');
  };

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
    owner = await signUpOwner(api, 'Ada Owner');
  });
  afterAll(async () => {
    await app.close();
  });

  it('logs a sign-in with module AUTH, type SIGN_IN, success and the user', async () => {
    const signin = await api.post('auth/signin', { email: owner.email, password: owner.password });
    expect(signin.status).toBe(200);
    const { row } = await eventually(owner.token, (r) => r.type === 'SIGN_IN');
    expect(row).toMatchObject({ module: 'AUTH', type: 'SIGN_IN', success: true, user_name: 'Ada Owner' });
    expect(new Date(row.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('logs invoice, private-note and payment activity with the invoice number and beer flag', async () => {
    const customer = (await api.post('customer', CUSTOMER, owner.token)).body.id;
    const beer = (await api.post('product', BEER, owner.token)).body.id;
    const created = await api.post(
      'invoice',
      { customer_id: customer, items: [{ product_id: beer, qty: 2, price: 9 }], force: true },
      owner.token,
    );
    expect(created.status).toBe(201);
    const { id: invoiceId, number } = created.body as { id: string; number: string };
    expect(number).toMatch(/B$/);

    const { row: create } = await eventually(
      owner.token,
      (r) => r.module === 'INVOICE' && r.type === 'CREATE',
    );
    expect(create).toMatchObject({ success: true, info: { invoiceId, invoiceNumber: number, beer: true } });

    const noted = await api.post(
      `invoice/${invoiceId}/note`,
      { note: 'Left with the bar manager' },
      owner.token,
    );
    expect(noted.status).toBeLessThan(300);
    const { row: note } = await eventually(owner.token, (r) => r.type === 'ADD_PRIVATE_NOTE');
    expect(note).toMatchObject({ module: 'INVOICE', info: { invoiceNumber: number, beer: true } });

    expect((await api.post('company/feature', { name: 'payment', active: true }, owner.token)).status).toBe(
      200,
    );
    const { row: featureOn } = await eventually(owner.token, (r) => r.type === 'FEATURE_ON');
    expect(featureOn).toMatchObject({ module: 'PAYMENT', info: { feature: 'payment', title: 'Payments' } });

    const paid = await api.post(
      `invoice/${invoiceId}/payment`,
      { amount: 5, received_at: today() },
      owner.token,
    );
    expect(paid.status).toBe(201);
    const { row: payment } = await eventually(
      owner.token,
      (r) => r.module === 'PAYMENT' && r.type === 'CREATE',
    );
    expect(payment).toMatchObject({ info: { invoiceNumber: number, beer: true, amountCents: 500 } });
  });

  it('answers newest first by default, and oldest first when asked', async () => {
    const { rows, count } = await grid(owner.token);
    expect(count).toBe(rows.length);
    const times = rows.map((r) => r.created_at);
    expect(times).toEqual([...times].sort().reverse());
    // the payment, and the status change it brought (the invoice is partly paid now)
    expect(rows.slice(0, 2)).toContainEqual(expect.objectContaining({ module: 'PAYMENT', type: 'CREATE' }));

    const ascending = await grid(owner.token, { sortModel: [{ colId: 'created_at', sort: 'asc' }] });
    expect(ascending.rows.map((r) => r.created_at)).toEqual([...times].sort());
  });

  it("filters by the company's days on created_at", async () => {
    const all = await grid(owner.token);
    const onDay = (dateFrom: string, dateTo: string) =>
      grid(owner.token, {
        filterModel: { created_at: { filterType: 'date', type: 'inRange', dateFrom, dateTo } },
      });
    expect((await onDay(today(), today())).count).toBe(all.count);
    expect((await onDay(dayFromToday(-7), dayFromToday(-1))).count).toBe(0);
    const before = await grid(owner.token, {
      filterModel: { created_at: { filterType: 'date', type: 'lessThan', dateFrom: today() } },
    });
    expect(before).toEqual({ rows: [], count: 0 });
    const rejected = await api.get(
      `user/user-activity/grid?startRow=0&endRow=10&filterModel=${encodeURIComponent(
        JSON.stringify({ created_at: { filterType: 'date', type: 'equals', dateFrom: 'soon' } }),
      )}`,
      owner.token,
    );
    expect(rejected.status).toBe(400);
  });

  it('rebuilds to the same rows in batches of any size, keeping the invoice-number index', async () => {
    const before = await grid(owner.token);
    await rebuildProjection(app.runtime.pool, app.runtime.store, activityProjection, { batchSize: 2 });
    expect(await grid(owner.token)).toEqual(before);
    const { rows } = await app.runtime.pool.query(
      `SELECT indexdef FROM pg_indexes WHERE tablename = 'rm_activity' AND indexname = 'rm_activity_invoice_created_key'`,
    );
    expect(rows[0]?.indexdef).toMatch(/UNIQUE INDEX .* WHERE/);
  });

  it("never shows another company's activity", async () => {
    const mine = await grid(owner.token);
    expect(mine.count).toBeGreaterThan(3);
    const other = await signUpOwner(api, 'Other Owner');
    await api.post('auth/signin', { email: other.email, password: other.password });
    const { page } = await eventually(other.token, (r) => r.type === 'SIGN_IN');
    const mineIds = new Set(mine.rows.map((r) => r.id));
    expect(page.rows.some((r) => mineIds.has(r.id))).toBe(false);
    expect(page.rows.every((r) => r.user_name === 'Other Owner')).toBe(true);
    expect(JSON.stringify(page)).not.toContain('Ada Owner');
    expect((await grid(owner.token)).rows.some((r) => r.user_name === 'Other Owner')).toBe(false);
  });

  describe('GET /user/user-activity/{id}: the event behind a row and what it changed', () => {
    const detail = (token: string, id: string) => api.get(`user/user-activity/${id}`, token);

    it("answers who changed an invoice's total, and from what", async () => {
      const customer = (await api.post('customer', { ...CUSTOMER, tabc_id: 'MB654321' }, owner.token)).body
        .id;
      const beer = (await api.post('product', { ...BEER, product: 'Lone Star 12pk' }, owner.token)).body.id;
      const created = await api.post(
        'invoice',
        { customer_id: customer, items: [{ product_id: beer, qty: 2, price: 9 }], force: true },
        owner.token,
      );
      const { id: invoiceId, number } = created.body as { id: string; number: string };
      const revised = await api.put(
        `invoice/${number}`,
        { items: [{ product_id: beer, qty: 5, price: 9 }] },
        owner.token,
      );
      expect(revised.status).toBe(200);
      const { row } = await eventually(
        owner.token,
        (r) => r.type === 'UPDATE' && r.info.invoiceId === invoiceId,
      );
      const response = await detail(owner.token, row.id);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: row.id,
        module: 'INVOICE',
        type: 'UPDATE',
        event_type: 'InvoiceRevised',
        user_name: 'Ada Owner',
      });
      const changes = response.body.changes as {
        field: string;
        label: string;
        before?: unknown;
        after?: unknown;
      }[];
      // In words: the line by its product, money in dollars; never an id.
      expect(changes).toContainEqual({
        field: 'lines.0.qty',
        label: 'Line 1 · LONE STAR 12PK · Qty',
        before: '2',
        after: '5',
      });
      expect(changes).toContainEqual({
        field: 'totals.totalCents',
        label: 'Totals · Total',
        before: '$19.49',
        after: '$48.71',
      });
      expect(changes.some((c) => c.field === 'number.display')).toBe(false); // unchanged fields are left out
      expect(changes.some((c) => /Id$|\.id$/.test(c.field))).toBe(false);
    });

    it('shows the facts a sign-in recorded, never a secret', async () => {
      const { row } = await eventually(owner.token, (r) => r.type === 'SIGN_IN');
      const response = await detail(owner.token, row.id);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ module: 'AUTH', type: 'SIGN_IN', event_type: 'UserSignedIn' });
      const changes = response.body.changes as { field: string; after?: unknown }[];
      expect(changes).toContainEqual({ field: 'method', label: 'Signed in with', after: 'password' }); // how, not what
      expect(changes.filter((c) => /password|token|hash/i.test(c.field) && c.after !== '(hidden)')).toEqual(
        [],
      );
      expect(JSON.stringify(response.body)).not.toMatch(/secret1|access_token/);
    });

    it("answers 404 for another company's row or no row, 403 to staff for another user's row", async () => {
      const { row } = await eventually(owner.token, (r) => r.type === 'SIGN_IN');
      const other = await signUpOwner(api, 'Other Owner');
      expect((await detail(other.token, row.id)).status).toBe(404);
      expect((await detail(owner.token, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect((await detail(owner.token, 'not-a-uuid')).status).toBe(404);

      const email = `staff${Date.now()}@example.test`;
      const mark = app.mailbox.mark();
      const invited = await api.post('company/staff/invitation', { name: 'Sam Staff', email }, owner.token);
      expect(invited.status).toBe(201);
      const mail = await app.mailbox.waitFor(email, { after: mark });
      const joined = await api.post('auth/invitation/accept', {
        token: /invitation=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!,
        name: 'Sam Staff',
        title: 'Sales',
        password: 'staff-secret',
        confirm_password: 'staff-secret',
      });
      const staffToken = joined.body.access_token as string;
      const refused = await detail(staffToken, row.id);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe("Only the owner can open other users' activity.");
      const own = await eventually(staffToken, (r) => r.user_name === 'Sam Staff');
      expect((await detail(staffToken, own.row.id)).status).toBe(200);
    });
  });

  describe('filters, and every kind of business event recorded', () => {
    let boss: Awaited<ReturnType<typeof signUpOwner>>;
    let rustyNail: string;
    let oyster: string;
    let rustyInvoice: { id: string; number: string };
    let oysterInvoice: { id: string; number: string };
    const view = (filterModel: Record<string, unknown>) => grid(boss.token, { filterModel });
    const BUSINESS = { account: { filterType: 'set', values: ['false'] } };
    const settle = async () => app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());

    beforeAll(async () => {
      boss = await signUpOwner(api, 'Bea Boss');
      rustyNail = (await api.post('customer', { ...CUSTOMER, tabc_id: 'MB777001' }, boss.token)).body.id;
      oyster = (
        await api.post('customer', { ...CUSTOMER, name: 'Gulf Oyster Bar', tabc_id: 'MB777002' }, boss.token)
      ).body.id;
      const beer = (await api.post('product', { ...BEER, product: 'Shiner Light' }, boss.token)).body.id;
      const invoiceFor = async (customer: string) =>
        (
          await api.post(
            'invoice',
            { customer_id: customer, items: [{ product_id: beer, qty: 10, price: 30 }], force: true },
            boss.token,
          )
        ).body as { id: string; number: string };
      rustyInvoice = await invoiceFor(rustyNail);
      oysterInvoice = await invoiceFor(oyster);
      expect((await api.post('company/feature', { name: 'payment', active: true }, boss.token)).status).toBe(
        200,
      );
      await settle();
      expect(
        (
          await api.post(
            `invoice/${rustyInvoice.id}/payment`,
            { amount: 300, received_at: today() },
            boss.token,
          )
        ).status,
      ).toBe(201);
      expect((await api.put(`invoice/${oysterInvoice.id}`, { status: 'cancelled' }, boss.token)).status).toBe(
        200,
      );
      expect((await api.post('company/feature', { name: 'payment', active: false }, boss.token)).status).toBe(
        200,
      );
      await setFeature(app.app, boss.user.company_id, 'order');
      await settle();
      const invited = await api.post(
        'customer/user-invitation',
        { values: { name: 'Nina Night', email: `nina${Date.now()}@example.test` }, customer: rustyNail },
        boss.token,
      );
      expect(invited.status).toBe(201);
      const customerUser = invited.body.user.id as string;
      for (const permission of [false, true])
        expect(
          (await api.put('customer/user-permission', { permission, customerUser }, boss.token)).status,
        ).toBe(200);
      expect((await api.post('auth/signin', { email: boss.email, password: boss.password })).status).toBe(
        200,
      );
      await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
    });

    it('keeps sign-ins apart from business events, each view counted right', async () => {
      const business = await view(BUSINESS);
      expect(business.rows.length).toBeGreaterThan(5);
      expect(business.rows.every((r) => !r.account && !['SIGN_IN', 'SIGN_UP'].includes(r.type))).toBe(true);
      const signIns = await view({ account: { filterType: 'set', values: ['true'] } });
      expect(signIns.rows.map((r) => r.type).sort()).toEqual(['SIGN_IN', 'SIGN_UP']);
      expect(signIns.rows.every((r) => r.kind === 'sign_in' && r.account)).toBe(true);
      const all = await grid(boss.token);
      // The kept counts (no filter but the view) agree with the rows, and with a count of the rows themselves.
      expect(business.count).toBe(business.rows.length);
      expect(signIns.count).toBe(signIns.rows.length);
      expect(all.count).toBe(business.count + signIns.count);
      const counted = await view({
        ...BUSINESS,
        created_at: { filterType: 'date', type: 'inRange', dateFrom: dayFromToday(-1), dateTo: today() },
      });
      expect(counted.count).toBe(business.count);
    });

    it('records every status change, the cancellation among them, with the invoice and its customer', async () => {
      const { rows } = await view({ kind: { filterType: 'set', values: ['status'] } });
      expect(rows).toContainEqual(
        expect.objectContaining({
          module: 'INVOICE',
          type: 'UPDATE',
          kind: 'status',
          invoice: oysterInvoice.number,
          customer_id: oyster,
          info: expect.objectContaining({
            from: 'invoiced',
            to: 'cancelled',
            reason: 'user',
            customerName: 'Gulf Oyster Bar',
          }),
        }),
      );
      // The payment moved the other invoice to partly paid (the tax is still owed): recorded too, as following the
      // payments.
      expect(rows).toContainEqual(
        expect.objectContaining({
          invoice: rustyInvoice.number,
          info: expect.objectContaining({ to: 'partially_paid', reason: 'payments' }),
        }),
      );
    });

    it('records feature switches and customer users enabled and disabled (ENABLE, DISABLE)', async () => {
      const features = await view({ kind: { filterType: 'set', values: ['feature'] } });
      expect(features.rows.map((r) => r.type)).toEqual(expect.arrayContaining(['FEATURE_ON', 'FEATURE_OFF']));
      const access = await view({ kind: { filterType: 'set', values: ['access'] } });
      expect(access.rows.map((r) => [r.module, r.type])).toEqual([
        ['AUTH', 'ENABLE'],
        ['AUTH', 'DISABLE'],
      ]);
      expect(access.rows[0]).toMatchObject({
        user_name: 'Bea Boss',
        customer_id: rustyNail,
        info: { customerUserName: 'Nina Night', customerName: 'The Rusty Nail', access: 'enabled' },
      });
    });

    it('filters by customer, by invoice number and by user', async () => {
      const ofRusty = await view({ ...BUSINESS, customer_id: { filterType: 'set', values: [rustyNail] } });
      expect(ofRusty.rows.length).toBeGreaterThanOrEqual(4); // created, paid, status paid, access ×2
      expect(ofRusty.rows.every((r) => r.customer_id === rustyNail)).toBe(true);
      expect(ofRusty.count).toBe(ofRusty.rows.length);

      const ofInvoice = await view({
        invoice: { filterType: 'text', type: 'equals', filter: oysterInvoice.number.toLowerCase() },
      });
      expect(ofInvoice.rows.map((r) => [r.type, r.kind]).sort()).toEqual([
        ['CREATE', 'invoice'],
        ['UPDATE', 'status'],
      ]);

      const byBoss = await view({
        ...BUSINESS,
        user_id: { filterType: 'set', values: [String(boss.user.id)] },
      });
      expect(byBoss.rows.length).toBeGreaterThan(0);
      expect(byBoss.rows.every((r) => r.user_name === 'Bea Boss')).toBe(true);
      const byNobody = await view({ user_id: { filterType: 'set', values: ['0'] } });
      expect(byNobody).toEqual({ rows: [], count: 0 });
    });

    it('shows a payment in the event view as an amount in dollars, not cents and ids', async () => {
      const [payment] = (await view({ kind: { filterType: 'set', values: ['payment'] } })).rows;
      expect(payment).toMatchObject({ info: { amountCents: 30000, customerName: 'The Rusty Nail' } });
      const response = await api.get(`user/user-activity/${payment!.id}`, boss.token);
      expect(response.body.changes).toContainEqual(
        expect.objectContaining({
          field: 'payments.0.amountCents',
          label: 'Payment 1 · Amount',
          after: '$300.00',
        }),
      );
      expect(JSON.stringify(response.body.changes)).not.toMatch(/30000|"paymentId"/);
    });
  });

  it('answers 401 without a token', async () => {
    expect((await api.get('user/user-activity/grid?startRow=0&endRow=10')).status).toBe(401);
  });
});
