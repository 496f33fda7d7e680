import { businessDate } from '#domain/shared/business-date.js';
import { activityProjection } from '#projections/activity/activity.projection.js';
import { rebuildProjection } from '#projections/runner/rebuild-projection.js';
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
    expect(rows[0]).toMatchObject({ module: 'PAYMENT', type: 'CREATE' });

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
      const changes = response.body.changes as { field: string; before?: unknown; after?: unknown }[];
      expect(changes).toContainEqual({ field: 'lines.0.qty', before: 2, after: 5 });
      const total = changes.find((c) => /total/i.test(c.field) && c.before === 1800);
      expect(total).toMatchObject({ after: 4500 });
      expect(changes.some((c) => c.field === 'number.display')).toBe(false); // unchanged fields are left out
    });

    it('shows the facts a sign-in recorded, never a secret', async () => {
      const { row } = await eventually(owner.token, (r) => r.type === 'SIGN_IN');
      const response = await detail(owner.token, row.id);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ module: 'AUTH', type: 'SIGN_IN', event_type: 'UserSignedIn' });
      const changes = response.body.changes as { field: string; after?: unknown }[];
      expect(changes).toContainEqual({ field: 'method', after: 'password' }); // how, not what
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

  it('answers 401 without a token', async () => {
    expect((await api.get('user/user-activity/grid?startRow=0&endRow=10')).status).toBe(401);
  });
});
