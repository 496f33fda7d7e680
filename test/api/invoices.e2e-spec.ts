import { businessDate } from '#domain/shared/business-date.js';
import { invoiceProjection } from '#projections/invoices/invoice.projection.js';
import { rebuildProjection } from '#engine';
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

const product = (name: string, type: string, price: number, cost = '10.00') => ({
  product: name,
  product_type: type,
  product_size: '750ml',
  product_price: price,
  last_purchase_price: cost,
});

const today = () => businessDate(new Date().toISOString());
const dayFromToday = (days: number) => {
  const [y, m, d] = today().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

interface Company {
  token: string;
  customerId: string;
  vodka: string;
  wine: string;
  beer: string;
}

describe('Invoices (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
  });
  afterAll(async () => {
    await app.close();
  });

  async function aCompany(options: { roll?: boolean } = {}): Promise<Company> {
    const { token } = await signUpOwner(api);
    const customer = await api.post('customer', CUSTOMER, token);
    expect(customer.status).toBe(201);
    const ids: string[] = [];
    for (const body of [
      product("Tito's Vodka", 'liquor', 19.99, '15.00'),
      product('Barefoot Merlot', 'wine', 8.99, '5.00'),
      product('Shiner Bock', 'beer', 14.5, '9.00'),
    ]) {
      const created = await api.post('product', body, token);
      expect(created.status).toBe(201);
      ids.push(created.body.id);
    }
    if (options.roll !== false) {
      const roll = await api.post(
        'stamp/roll',
        { prefix: 'AB', received_at: today(), from: 1000, to: 1479 },
        token,
      );
      expect(roll.status).toBe(201);
    }
    return { token, customerId: customer.body.id, vodka: ids[0]!, wine: ids[1]!, beer: ids[2]! };
  }

  const create = (c: Company, body: object = {}, headers?: Record<string, string>) =>
    api.post(
      'invoice',
      { customer_id: c.customerId, items: [{ product_id: c.vodka, qty: 3, price: 19.99 }], ...body },
      c.token,
      headers,
    );

  describe('creating', () => {
    let c: Company;
    beforeAll(async () => {
      c = await aCompany();
    });

    it('creates an invoice with totals, the next number, the default status and one stamp per liquor bottle', async () => {
      const response = await create(c, {
        items: [
          { product_id: c.vodka, qty: 3, price: 19.99 },
          { product_id: c.wine, qty: 2, price: '8.99', taxable: false },
        ],
        note: 'Thanks!',
      });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        number: '1',
        beer: false,
        status: 'invoiced',
        status_label: 'Invoiced',
        invoiced_at: today(),
        due_at: null,
        due_on_delivery: true,
        note: 'Thanks!',
        tax_rate: 8.25,
        sub_total: 77.95,
        tax_total: 4.95,
        total: 82.9,
        stamps: [{ roll_id: 1, prefix: 'AB', from: 1000, to: 1002, count: 3 }],
        stamp_count: 3,
        stamps_needed: 3,
        customer: { name: 'The Rusty Nail', display_tabc_id: 'MB123456' },
      });
      expect(response.body.items).toMatchObject([
        {
          position: 1,
          qty: 3,
          price: 19.99,
          total: 59.97,
          tax: 4.95,
          taxable: true,
          cost: 15,
          below_cost: false,
        },
        { position: 2, qty: 2, price: 8.99, total: 17.98, tax: 0, taxable: false },
      ]);
      expect(response.body.statusInfo).toMatchObject([{ new_status: 'invoiced', label: 'Invoiced' }]);
    });

    it('is read by number and by id, and shows in the grid, the recent list and quick search', async () => {
      const byNumber = await api.get('invoice/1', c.token);
      expect(byNumber.status).toBe(200);
      expect((await api.get(`invoice/${byNumber.body.id}`, c.token)).body.number).toBe('1');
      const grid = await api.get('invoice/grid?startRow=0&endRow=25', c.token);
      expect(grid.body.count).toBe(1);
      expect(grid.body.rows[0]).toMatchObject({
        number: '1',
        status: 'invoiced',
        total: 82.9,
        customer: 'The Rusty Nail',
      });
      expect(grid.body.rows[0].items).toBe("3 × TITO'S VODKA 750ml, 2 × BAREFOOT MERLOT 750ml");
      expect(
        (await api.get('invoice/recent', c.token)).body.map((i: { number: string }) => i.number),
      ).toEqual(['1']);
      const search = await api.get('company/quick-search?query=rusty', c.token);
      expect(search.body.invoices).toHaveLength(1);
      expect(search.body.customers).toMatchObject([{ name: 'The Rusty Nail' }]);
      expect((await api.get('company/quick-search?query=ru', c.token)).body).toEqual({
        invoices: [],
        customers: [],
      });
    });

    it('refuses an identical invoice within 24 hours with 409 carrying the existing one, unless forced', async () => {
      const again = await create(c, {
        items: [
          { product_id: c.wine, qty: 2, price: 8.99, taxable: false },
          { product_id: c.vodka, qty: 3, price: 19.99 },
        ],
      });
      expect(again.status).toBe(409);
      expect(again.body.invoice.number).toBe('1');
      const forced = await create(c, {
        items: [
          { product_id: c.wine, qty: 2, price: 8.99 },
          { product_id: c.vodka, qty: 3, price: 19.99 },
        ],
        force: true,
      });
      expect(forced.status).toBe(201);
      expect(forced.body.number).toBe('2');
      expect(forced.body.stamps).toEqual([{ roll_id: 1, prefix: 'AB', from: 1003, to: 1005, count: 3 }]);
    });

    it('answers a creation with the invoice exactly as reading it back answers it', async () => {
      // The creation's answer is built from its own events (the invoice projection's fold), not read back from
      // the table: every field must still be what GET /invoice/{id} answers.
      const own = await aCompany();
      const shapes: object[] = [
        {
          items: [
            { product_id: own.wine, qty: 2, price: '8.99', taxable: false, on_deal: true },
            { product_id: own.vodka, qty: 1, price: 12.5 },
          ],
          note: 'Thanks — ¡gracias!',
          company_note: 'back door',
          due_at: today(),
          force: true,
        },
        {
          items: [{ product_id: own.vodka, qty: 2, price: 19.99 }],
          stamps: [{ roll_id: 1, from: 1400, to: 1401 }],
        },
        { items: [{ product_id: own.beer, qty: 4, price: 14.5 }] },
        { items: [{ product_id: own.wine, qty: 1, price: 0 }], invoiced_at: today(), force: true },
      ];
      for (const body of shapes) {
        const created = await create(own, body);
        expect(created.status).toBe(201);
        const read = await api.get(`invoice/${created.body.id}`, own.token);
        expect(read.status).toBe(200);
        expect(created.body).toEqual(read.body);
      }
    });

    it('carries the last invoiced price of each product for the customer', async () => {
      const next = await create(c, { items: [{ product_id: c.vodka, qty: 1, price: 18.5 }] });
      expect(next.status).toBe(201);
      expect(next.body.items[0].last_invoiced_price).toBe(19.99);
      const suggestions = await api.get(`product/suggestions?query=tito&customerId=${c.customerId}`, c.token);
      expect(suggestions.body[0]).toMatchObject({ id: c.vodka, last_invoiced_price: 18.5 });
      expect(
        (await api.get('product/suggestions?query=tito', c.token)).body[0].last_invoiced_price,
      ).toBeNull();
    });

    it('answers the next number, and the last invoice of a customer', async () => {
      expect((await api.get('invoice/new-number', c.token)).body).toEqual({
        number: '4',
        sequence: 4,
        prefix: '',
      });
      const last = await api.get(`invoice/last?customerId=${c.customerId}`, c.token);
      expect(last.body.number).toBe('3');
      const none = await api.get('invoice/last?customerId=00000000-0000-4000-8000-000000000000', c.token);
      expect(none.status).toBe(404);
      expect(none.body.message).toBe(
        'No invoice found - Sorry you have no previous invoices for this customer',
      );
    });

    it('gives a beer invoice the B suffix and refuses beer mixed with liquor', async () => {
      const beer = await create(c, { items: [{ product_id: c.beer, qty: 6, price: 14.5 }] });
      expect(beer.body).toMatchObject({ number: '4B', beer: true, stamps: [] });
      expect((await api.get('invoice/4b', c.token)).body.id).toBe(beer.body.id);
      const mixed = await create(c, {
        items: [
          { product_id: c.vodka, qty: 1, price: 19.99 },
          { product_id: c.beer, qty: 1, price: 14.5 },
        ],
      });
      expect(mixed.status).toBe(400);
      expect(mixed.body.details).toEqual([
        {
          field: 'items.1.product_id',
          message: "You can't add beer as it must be on a separate invoice from liquor & wine.",
        },
      ]);
    });

    it('validates every field with a detail each, and changes nothing', async () => {
      const before = (await api.get('invoice/new-number', c.token)).body.number;
      const bad = await api.post(
        'invoice',
        {
          customer_id: 'nope',
          items: [{ product_id: c.vodka, qty: 1.5, price: '1.999' }],
          invoiced_at: dayFromToday(11),
        },
        c.token,
      );
      expect(bad.status).toBe(400);
      expect(bad.body.details.map((d: { field: string }) => d.field).sort()).toEqual(
        ['customer_id', 'items.0.price', 'items.0.qty'].sort(),
      );
      const late = await create(c, { invoiced_at: dayFromToday(11), due_at: dayFromToday(31) });
      expect(late.status).toBe(400);
      expect(late.body.details).toEqual([
        { field: 'invoiced_at', message: `Invoice date can be at most 10 days ahead (${dayFromToday(10)}).` },
        { field: 'due_at', message: `Due date can be at most 30 days ahead (${dayFromToday(30)}).` },
      ]);
      const unknown = await create(c, {
        items: [{ product_id: '00000000-0000-4000-8000-000000000000', qty: 1, price: 1 }],
      });
      expect(unknown.body.details).toEqual([{ field: 'items.0.product_id', message: 'Product not found' }]);
      // An unknown customer is answered first, also when a product is unknown too.
      const nobody = await create(c, {
        customer_id: '00000000-0000-4000-8000-000000000001',
        items: [{ product_id: '00000000-0000-4000-8000-000000000000', qty: 1, price: 1 }],
      });
      expect(nobody.status).toBe(400);
      expect(nobody.body.details).toEqual([{ field: 'customer_id', message: 'Customer Not Found' }]);
      expect((await create(c, { items: [] })).body.message).toBe('Add at least one item.');
      expect((await api.get('invoice/new-number', c.token)).body.number).toBe(before);
    });

    it('creates one invoice for a retried submit with the same Idempotency-Key', async () => {
      const headers = { 'Idempotency-Key': 'submit-abcdef-123' };
      const body = { items: [{ product_id: c.wine, qty: 7, price: 8.99 }] };
      const [first, second] = await Promise.all([create(c, body, headers), create(c, body, headers)]);
      const statuses = [first.status, second.status].sort();
      // The second of a double-click either replays the first answer or is told the first is in progress.
      expect(statuses[0]).toBe(201);
      const again = await create(c, body, headers);
      expect(again.status).toBe(201);
      expect(again.body.id).toBe(first.status === 201 ? first.body.id : second.body.id);
      const grid = await api.get(
        `invoice/grid?startRow=0&endRow=100&filterModel=${encodeURIComponent(JSON.stringify({ sub_total: { filterType: 'number', type: 'equals', filter: 62.93 } }))}`,
        c.token,
      );
      expect(grid.body.count).toBe(1);
    });
  });

  describe('without a stamp roll', () => {
    it("refuses liquor with 'Stamp roll missing …' but invoices wine", async () => {
      const c = await aCompany({ roll: false });
      const refused = await create(c);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(
        'Stamp roll missing - Please add your current stamp roll before creating an invoice',
      );
      expect((await create(c, { items: [{ product_id: c.wine, qty: 1, price: 8.99 }] })).status).toBe(201);
    });
  });

  describe('editing, status, cancelling and deleting', () => {
    let c: Company;
    let id: string;
    beforeAll(async () => {
      c = await aCompany();
      id = (await create(c)).body.id; // stamps 1000-1002
      await create(c, { items: [{ product_id: c.vodka, qty: 1, price: 19.99 }] }); // 1003
    });

    it('keeps existing stamps and allocates only the shortfall; releases the excess', async () => {
      const more = await api.put(
        `invoice/${id}`,
        { items: [{ product_id: c.vodka, qty: 5, price: 19.99 }] },
        c.token,
      );
      expect(more.status).toBe(200);
      expect(more.body.stamps.map((s: { from: number; to: number }) => `${s.from}-${s.to}`)).toEqual([
        '1000-1002',
        '1004-1005',
      ]);
      const fewer = await api.put(
        `invoice/1`,
        { items: [{ product_id: c.vodka, qty: 2, price: 19.99 }] },
        c.token,
      );
      expect(fewer.body.stamps.map((s: { from: number; to: number }) => `${s.from}-${s.to}`)).toEqual([
        '1000-1001',
      ]);
      expect(fewer.body.total).toBe(43.28);
    });

    it('takes manual stamp ranges and answers the builder messages', async () => {
      const manual = await api.put(`invoice/1`, { stamps: [{ roll_id: 1, from: 1100, to: 1101 }] }, c.token);
      expect(manual.status).toBe(200);
      expect(manual.body.stamps).toMatchObject([{ from: 1100, to: 1101 }]);
      const taken = await api.put(`invoice/1`, { stamps: [{ roll_id: 1, from: 1003, to: 1004 }] }, c.token);
      expect(taken.status).toBe(409);
      expect(taken.body.message).toBe('Stamp number 1003 is not available in the roll.');
      const short = await api.put(`invoice/1`, { stamps: [{ roll_id: 1, from: 1100, to: 1100 }] }, c.token);
      expect(short.body.details).toEqual([
        { field: 'stamps', message: 'More Stamp(s) Needed: 2 needed, 1 added.' },
      ]);
    });

    it('changes status and dates alone, with a history entry each', async () => {
      const paid = await api.put('invoice/1', { status: 'paid' }, c.token);
      expect(paid.body.statusInfo.map((s: { new_status: string }) => s.new_status)).toEqual([
        'invoiced',
        'paid',
      ]);
      // Five days: before the credit law's statutory date (at least 10 days after the purchase), which caps it.
      const due = await api.put('invoice/1', { due_at: dayFromToday(5) }, c.token);
      expect(due.body).toMatchObject({ due_at: dayFromToday(5), due_on_delivery: false });
      expect((await api.put('invoice/1', { status: 'bogus' }, c.token)).status).toBe(400);
    });

    it('cancelling releases the stamps; a cancelled invoice cannot be edited; only the owner deletes it', async () => {
      const cancelled = await api.put('invoice/1', { status: 'cancelled' }, c.token);
      expect(cancelled.body).toMatchObject({ status: 'cancelled', stamps: [] });
      const edit = await api.put('invoice/1', { note: 'late change' }, c.token);
      expect(edit.status).toBe(409);
      expect(edit.body.message).toBe('A cancelled invoice cannot be edited. Change its status first.');

      const invited = await api.post(
        'company/staff/invitation',
        { name: 'Sam Staff', email: `s${Date.now()}@example.test` },
        c.token,
      );
      const token = new URL(invited.body.link).searchParams.get('invitation')!;
      const joined = await api.post('auth/invitation/accept', {
        token,
        name: 'Sam Staff',
        title: 'Sales',
        password: 'staff-secret',
        confirm_password: 'staff-secret',
      });
      const staff = await api.delete('invoice/1', joined.body.access_token);
      expect(staff.status).toBe(403);
      expect(staff.body.message).toBe('Only the owner can delete invoices.');

      expect((await api.delete('invoice/2', c.token)).body.message).toBe(
        'Only cancelled invoices can be deleted.',
      );
      expect((await api.delete('invoice/1', c.token)).status).toBe(204);
      expect((await api.get('invoice/1', c.token)).status).toBe(404);
      const grid = await api.get('invoice/grid?startRow=0&endRow=25', c.token);
      expect(grid.body.rows.map((r: { number: string }) => r.number)).toEqual(['2']);
    });

    it('keeps the count of current invoices in the read model, the same after a rebuild', async () => {
      const counted = async () =>
        (await app.runtime.pool.query('SELECT company_id, live FROM rm_invoice_count ORDER BY company_id'))
          .rows;
      const before = await counted();
      expect((await api.get('invoice/grid?startRow=0&endRow=1', c.token)).body.count).toBe(1);
      await rebuildProjection(app.runtime.pool, app.runtime.store, invoiceProjection, { batchSize: 2 });
      expect(await counted()).toEqual(before);
      expect((await api.get('invoice/grid?startRow=0&endRow=1', c.token)).body.count).toBe(1);
    });

    it('keeps the stamp history of a deleted invoice for audits', async () => {
      const log = await api.get('invoice/stamp/grid?startRow=0&endRow=100', c.token);
      expect(log.body.rows.some((r: { invoice: string; kind: string }) => r.invoice === '1')).toBe(true);
    });
  });

  describe('the grid and exports', () => {
    let c: Company;
    beforeAll(async () => {
      c = await aCompany();
      await create(c, {
        items: [{ product_id: c.vodka, qty: 1, price: 19.99 }],
        invoiced_at: dayFromToday(-3),
      });
      await create(c, {
        items: [{ product_id: c.wine, qty: 2, price: 8.99 }],
        invoiced_at: dayFromToday(-1),
      });
      const third = await create(c, { items: [{ product_id: c.beer, qty: 4, price: 14.5 }] });
      await api.put(`invoice/${third.body.id}`, { status: 'delivered' }, c.token);
    });

    const grid = (query: object) =>
      api.get(
        `invoice/grid?${new URLSearchParams(
          Object.entries({ startRow: 0, endRow: 25, ...query }).map(([k, v]): [string, string] => [
            k,
            typeof v === 'string' || typeof v === 'number' ? String(v) : JSON.stringify(v),
          ]),
        )}`,
        c.token,
      );

    it('sorts by invoice date, newest first, by default and filters by status, customer, number range and date', async () => {
      expect((await grid({})).body.rows.map((r: { number: string }) => r.number)).toEqual(['3B', '2', '1']);
      const delivered = await grid({ filterModel: { status: { filterType: 'set', values: ['delivered'] } } });
      expect(delivered.body.rows.map((r: { number: string }) => r.number)).toEqual(['3B']);
      const customer = await grid({
        filterModel: { customer_id: { filterType: 'set', values: [c.customerId, 'junk'] } },
      });
      expect(customer.body.count).toBe(3);
      const range = await grid({
        filterModel: { sequence: { filterType: 'number', type: 'inRange', filter: 1, filterTo: 2 } },
      });
      expect(range.body.count).toBe(2);
      const dates = await grid({
        filterModel: {
          invoiced_at: { filterType: 'date', type: 'inRange', dateFrom: dayFromToday(-2), dateTo: today() },
        },
      });
      expect(dates.body.rows.map((r: { number: string }) => r.number)).toEqual(['3B', '2']);
    });

    it('counts a filtered grid the same whether its page is full, partial, past the end or a later one', async () => {
      const mine = { customer_id: { filterType: 'set', values: [c.customerId] } };
      const page = async (startRow: number, endRow: number) => {
        const answer = (await grid({ startRow, endRow, filterModel: mine })).body;
        return { count: answer.count, numbers: answer.rows.map((r: { number: string }) => r.number) };
      };
      expect(await page(0, 2)).toEqual({ count: 3, numbers: ['3B', '2'] }); // full, more after it: counted
      expect(await page(0, 3)).toEqual({ count: 3, numbers: ['3B', '2', '1'] }); // full, the last: its own count
      expect(await page(1, 3)).toEqual({ count: 3, numbers: ['2', '1'] }); // a later page ending the result
      expect(await page(0, 5)).toEqual({ count: 3, numbers: ['3B', '2', '1'] }); // partial: its own count
      expect(await page(2, 4)).toEqual({ count: 3, numbers: ['1'] }); // a later partial page
      expect(await page(3, 6)).toEqual({ count: 3, numbers: [] }); // past the end: counted
      expect((await grid({ filterModel: { status: { filterType: 'set', values: ['paid'] } } })).body).toEqual(
        {
          rows: [],
          count: 0,
        },
      );
    });

    it("filters by the customerId parameter, with the filterModel too, never showing another company's rows", async () => {
      const d = await aCompany();
      const second = (await api.post('customer', { ...CUSTOMER, name: 'Second Bar' }, d.token)).body.id;
      await create(d);
      await create({ ...d, customerId: second }, { items: [{ product_id: d.wine, qty: 1, price: 8.99 }] });
      const query = (params: Record<string, string>, token = d.token) =>
        api.get(`invoice/grid?${new URLSearchParams({ startRow: '0', endRow: '25', ...params })}`, token);
      const its = await query({ customerId: second });
      expect(its.status).toBe(200);
      expect(its.body.count).toBe(1);
      expect(its.body.rows.map((r: { customer_id: string }) => r.customer_id)).toEqual([second]);
      // the parameter and a filterModel on another customer both apply: nothing matches
      const both = await query({
        customerId: second,
        filterModel: JSON.stringify({ customer_id: { filterType: 'set', values: [d.customerId] } }),
      });
      expect(both.body).toEqual({ rows: [], count: 0 });
      // another company asking for this customer sees none of its invoices
      expect((await query({ customerId: second }, c.token)).body).toEqual({ rows: [], count: 0 });
      const bad = await query({ customerId: 'nope' });
      expect(bad.status).toBe(400);
      expect(bad.body.details).toEqual([
        { field: 'customerId', message: 'customerId must be a customer id.' },
      ]);
    });

    it('exports the Summary and Detailed CSV of the current filter', async () => {
      const summary = await fetch(`${app.baseUrl}/api/v1/invoice/export/summary`, {
        headers: { authorization: `Bearer ${c.token}` },
      });
      expect(summary.status).toBe(200);
      expect(summary.headers.get('content-disposition')).toMatch(
        /^attachment; filename="invoices_summary_\d{2}_[A-Z][a-z]{2}_\d{4}\.csv"$/,
      );
      const lines = (await summary.text()).trim().split('\r\n');
      expect(lines[0]).toBe(
        'Invoice Number,Status,Invoice Date,Due Date,Customer,TABC ID,Items,Subtotal,Tax,Total',
      );
      expect(lines).toHaveLength(4);
      const filter = encodeURIComponent(
        JSON.stringify({ status: { filterType: 'set', values: ['delivered'] } }),
      );
      const detailed = await fetch(`${app.baseUrl}/api/v1/invoice/export/detailed?filterModel=${filter}`, {
        headers: { authorization: `Bearer ${c.token}` },
      });
      const rows = (await detailed.text()).trim().split('\r\n');
      expect(rows).toHaveLength(2);
      expect(rows[1]).toContain('3B,delivered');
      expect(rows[1]).toContain('SHINER BOCK');
    });
  });

  it('answers 404 to another company for every invoice route, revealing nothing', async () => {
    const c = await aCompany();
    const invoice = (await create(c, { note: 'secret-note-xyz' })).body;
    const other = await signUpOwner(api);
    await expectOtherCompanyGets404(
      api,
      other.token,
      [
        { method: 'GET', path: `invoice/${invoice.id}` },
        { method: 'GET', path: `invoice/${invoice.number}` },
        { method: 'PUT', path: `invoice/${invoice.id}`, body: { note: 'x' } },
        { method: 'DELETE', path: `invoice/${invoice.id}` },
      ],
      ['secret-note-xyz'],
    );
    const stolen = await api.post(
      'invoice',
      { customer_id: c.customerId, items: [{ product_id: c.vodka, qty: 1, price: 1 }] },
      other.token,
    );
    expect(stolen.status).toBe(400);
    expect(stolen.body.details).toEqual(
      expect.arrayContaining([{ field: 'customer_id', message: 'Customer Not Found' }]),
    );
  });
});
