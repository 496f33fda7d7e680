import { inventoryProjection } from '#projections/inventory/inventory.projection.js';
import { rebuildProjection } from '#engine';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { expectOtherCompanyGets404 } from '../support/tenancy.js';
import { setFeature } from '../support/cli.js';

const TITOS = {
  product: "Tito's Vodka",
  product_type: 'liquor',
  product_size: '750ml',
  product_price: 19.99,
  last_purchase_price: '12.00',
  upc: '619947000013',
  distributor: 'Republic National',
  reorder_level: 6,
  reorder_qty: 24,
  reorder_time_in_days: 3,
};
const MERLOT = {
  product: 'House Merlot',
  product_type: 'wine',
  product_size: '750ml',
  product_price: 8.99,
  last_purchase_price: '4.00',
  distributor: 'Southern Glazer',
};

const q = (params: Record<string, unknown>) =>
  new URLSearchParams(
    Object.fromEntries(
      Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    ),
  ).toString();

describe('Inventory (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
  });
  afterAll(async () => {
    await app.close();
  });

  const settle = async () => app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
  const withInventory = async () => {
    const owner = await signUpOwner(api);
    await setFeature(app.app, owner.user.company_id, 'inventory');
    await settle();
    return owner;
  };

  describe('with the inventory feature on', () => {
    let token: string;
    let titos: string;
    let merlot: string;
    let customer: string;
    const grid = async (params: Record<string, unknown> = {}) => {
      // An invoice's answer waits for the projections its own pages read, not for the inventory (read-your-writes per command):
      // the stock follows within moments, as the live update shows the user; here, once everything has applied.
      await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
      const response = await api.get(`inventory/grid?${q({ startRow: 0, endRow: 100, ...params })}`, token);
      expect(response.status).toBe(200);
      return response.body as { rows: Record<string, any>[]; count: number };
    };
    const rowOf = async (id: string) => (await grid()).rows.find((row) => row.id === id)!;
    const invoice = async (items: { product_id: string; qty: number; price: number }[]) => {
      const created = await api.post('invoice', { customer_id: customer, items, force: true }, token);
      expect(created.status).toBe(201);
      return created.body as { number: string };
    };

    beforeAll(async () => {
      ({ token } = await withInventory());
      customer = (await api.post('customer', RUSTY_NAIL, token)).body.id;
      titos = (await api.post('product', TITOS, token)).body.id;
      merlot = (await api.post('product', MERLOT, token)).body.id;
      const today = new Date().toISOString().slice(0, 10);
      const roll = await api.post(
        'stamp/roll',
        { prefix: 'AB', received_at: today, from: 1000, to: 1479 },
        token,
      );
      expect(roll.status).toBe(201);
    });

    it('lists every product at 0 in stock, with its reorder settings, ZERO and awaiting reorder', async () => {
      const row = await rowOf(titos);
      expect(row).toMatchObject({
        product: "TITO'S VODKA",
        product_size: '750ml',
        upc: '619947000013',
        distributor: 'Republic National',
        product_price: 19.99,
        qty: 0,
        reorder_level: 6,
        reorder_qty: 24,
        reorder_time_in_days: 3,
        reorder_needed: 1,
        status: 'ZERO',
        inventory_value: 0,
      });
    });

    it('lists and counts only current products: an archived one leaves at once, restored it is back, deleted it is gone', async () => {
      const extra = (await api.post('product', { ...MERLOT, product: 'Spare Rose' }, token)).body
        .id as string;
      const before = await grid();
      expect(before.rows.map((row) => row.id)).toContain(extra);
      const archived = await api.put(`product/${extra}`, { archived: true }, token);
      expect(archived.status).toBe(200);
      const after = await grid();
      expect(after.count).toBe(before.count - 1);
      expect(after.rows.map((row) => row.id)).not.toContain(extra);
      expect((await api.get(`inventory/stock?ids=${extra}`, token)).body).toEqual([]);
      expect((await api.put(`product/${extra}`, { archived: false }, token)).status).toBe(200);
      expect(await grid()).toEqual(before);
      expect((await api.delete(`product/${extra}`, token)).status).toBe(200);
      expect((await grid()).count).toBe(before.count - 1);
    });

    it('restocks from a PO: one event, units added once even when Save is retried', async () => {
      const body = {
        ref_number: 'PO-1001',
        distributor: 'Republic National',
        items: [
          { product_id: titos, qty: 24, item_cost: 12.5 },
          { product_id: merlot, qty: '10', item_cost: '4' },
        ],
      };
      const headers = { 'idempotency-key': 'restock-key-0001' };
      const first = await api.put('inventory', body, token, headers);
      expect(first.status).toBe(200);
      // the client's specification: PUT /inventory answers the list of saved rows with their qty
      expect(first.body).toEqual([
        { id: merlot, product_id: merlot, product: 'HOUSE MERLOT', qty: 10, restocked: 10 },
        { id: titos, product_id: titos, product: "TITO'S VODKA", qty: 24, restocked: 24 },
      ]);
      const again = await api.put('inventory', body, token, headers);
      expect(again.status).toBe(200);
      expect((await rowOf(titos)).qty).toBe(24);
      expect((await rowOf(merlot)).qty).toBe(10);
      expect(await rowOf(titos)).toMatchObject({ status: 'OK', reorder_needed: 0, inventory_value: 288 });
    });

    it('takes invoiced units out, moves only the difference on edit, gives them back on cancel', async () => {
      const { number } = await invoice([{ product_id: titos, qty: 5, price: 19.99 }]);
      expect((await rowOf(titos)).qty).toBe(19);
      expect(
        (await api.put(`invoice/${number}`, { items: [{ product_id: titos, qty: 2, price: 19.99 }] }, token))
          .status,
      ).toBe(200);
      expect((await rowOf(titos)).qty).toBe(22);
      expect((await api.put(`invoice/${number}`, { status: 'cancelled' }, token)).status).toBe(200);
      expect((await rowOf(titos)).qty).toBe(24);
      expect((await api.put(`invoice/${number}`, { status: 'invoiced' }, token)).status).toBe(200);
      expect((await rowOf(titos)).qty).toBe(22);
    });

    it('edits a cell: qty moves by new − old, so an invoice racing the edit is not lost', async () => {
      expect((await rowOf(titos)).qty).toBe(22);
      // The user saw 22 and types 30 (+8); an invoice of 4 lands first: 22 − 4 + 8 = 26.
      await invoice([{ product_id: titos, qty: 4, price: 19.99 }]);
      const edited = await api.put(`inventory/${titos}`, { field: 'qty', value: 30, old: 22 }, token);
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ product_id: titos, qty: 26, status: 'OK' });
    });

    it('sets reorder settings and the distributor (the last edit wins)', async () => {
      expect(
        (await api.put(`inventory/${merlot}`, { field: 'reorder_level', value: '12' }, token)).body,
      ).toMatchObject({
        qty: 10,
        status: 'LOW',
        reorder_needed: true,
      });
      expect(
        (await api.put(`inventory/${merlot}`, { field: 'distributor', value: 'Breakthru' }, token)).status,
      ).toBe(200);
      expect(await rowOf(merlot)).toMatchObject({
        distributor: 'Breakthru',
        reorder_level: 12,
        reorder_needed: 1,
      });
      const distributors = await api.get('inventory/distributors', token);
      expect(distributors.body).toEqual(['Breakthru', 'Republic National']);
    });

    it("refuses a value that is not a number: 400 'Invalid value', '{field} must be a number'; nothing changes", async () => {
      const refused = await api.put(`inventory/${titos}`, { field: 'reorder_qty', value: 'lots' }, token);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        message: 'Invalid value',
        details: [{ field: 'reorder_qty', message: 'reorder_qty must be a number' }],
      });
      expect((await api.put(`inventory/${titos}`, { field: 'price', value: 1 }, token)).status).toBe(400);
      expect((await rowOf(titos)).reorder_qty).toBe(24);
    });

    it('does nothing for an unchanged value', async () => {
      const before = await api.get(`inventory/history/grid?${q({ startRow: 0, endRow: 100 })}`, token);
      expect((await api.put(`inventory/${titos}`, { field: 'reorder_qty', value: '24' }, token)).status).toBe(
        200,
      );
      const after = await api.get(`inventory/history/grid?${q({ startRow: 0, endRow: 100 })}`, token);
      expect(after.body.count).toBe(before.body.count);
    });

    it('refuses bad restocks with every problem, and unknown products with 404', async () => {
      const empty = await api.put('inventory', { items: [] }, token);
      expect(empty.status).toBe(400);
      const bad = await api.put(
        'inventory',
        {
          items: [
            { product_id: titos, qty: 0 },
            { product_id: titos, qty: 1, item_cost: 'x' },
          ],
        },
        token,
      );
      expect(bad.status).toBe(400);
      expect(bad.body.details).toEqual([
        { field: 'items[0].qty', message: 'qty must be a whole number of at least 1' },
        { field: 'items[1].item_cost', message: 'Item Cost must be an amount of at least 0' },
      ]);
      const unknown = await api.put(
        'inventory',
        { items: [{ product_id: '00000000-0000-4000-8000-000000000001', qty: 1 }] },
        token,
      );
      expect(unknown.status).toBe(404);
      expect((await rowOf(titos)).qty).toBe(26);
    });

    it('answers the rows awaiting reorder with ignoreLimit, optionally for one distributor', async () => {
      const all = await grid({
        ignoreLimit: 'true',
        filterModel: { reorder_needed: { filterType: 'number', type: 'equals', filter: 1 } },
      });
      expect(all.rows.map((row) => row.id)).toEqual([merlot]);
      const none = await grid({
        ignoreLimit: 'true',
        filterModel: {
          reorder_needed: { filterType: 'number', type: 'equals', filter: 1 },
          distributor: { filterType: 'text', type: 'equals', filter: 'Republic National' },
        },
      });
      expect(none.rows).toEqual([]);
    });

    it('keeps the history newest first, with source, reference and invoice', async () => {
      const { body } = await api.get(`inventory/history/grid?${q({ startRow: 0, endRow: 100 })}`, token);
      const rows = body.rows as Record<string, any>[];
      expect(rows[0]).toMatchObject({ source: 'MANUAL', qty: 8, product: "TITO'S VODKA" });
      expect(rows.filter((r) => r.source === 'RESTOCK')).toHaveLength(2);
      expect(rows.find((r) => r.source === 'RESTOCK' && r.product === "TITO'S VODKA")).toMatchObject({
        ref: 'PO-1001',
        price: 12.5,
        qty: 24,
        distributor: 'Republic National',
      });
      expect(rows.filter((r) => r.source === 'INVOICE').map((r) => r.qty)).toEqual([-4, -2, 2, 3, -5]);
      const titosSum = rows.filter((r) => r.product === "TITO'S VODKA").reduce((s, r) => s + r.qty, 0);
      expect(titosSum).toBe(26);
    });

    it('exports both CSVs, streamed with their file names', async () => {
      const response = await fetch(`${app.baseUrl}/api/v1/inventory/export`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toMatch(
        /attachment; filename="inventory_\d{2}_[A-Z][a-z]{2}_\d{4}\.csv"/,
      );
      const text = await response.text();
      expect(text.split('\r\n')[0]).toBe(
        'Distributor,To Reorder,UPC,Product,Size,Unit Price,In Stock,Min Reorder,Days To Reorder,Reorder Time In Days,Qty To Reorder,Inventory Value,Status,Last Updated',
      );
      expect(text).toContain("Republic National,No,619947000013,TITO'S VODKA,750ml,19.99,26,6,");
      const history = await fetch(`${app.baseUrl}/api/v1/inventory/history/export`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(history.headers.get('content-disposition')).toMatch(
        /inventory_history_\d{2}_[A-Z][a-z]{2}_\d{4}\.csv/,
      );
      expect((await history.text()).split('\r\n').filter(Boolean)).toHaveLength(1 + 8);
    });

    it("answers 404 'No inventory found' for an export without rows", async () => {
      const filterModel = JSON.stringify({
        product: { filterType: 'text', type: 'equals', filter: 'NOTHING' },
      });
      const response = await api.get(
        `inventory/export?filterModel=${encodeURIComponent(filterModel)}`,
        token,
      );
      expect(response.status).toBe(404);
      expect(response.body.message).toBe('No inventory found');
    });

    it('answers the stock of some products (product detail, invoice builder)', async () => {
      const { body } = await api.get(`inventory/stock?ids=${titos},${merlot},nonsense`, token);
      expect(body).toEqual([
        expect.objectContaining({ product: 'HOUSE MERLOT', qty: 10, status: 'LOW', last_restock_qty: 10 }),
        expect.objectContaining({ product: "TITO'S VODKA", qty: 26, status: 'OK', last_restock_qty: 24 }),
      ]);
    });

    it('answers the inventory stats of a period (dashboard) and their CSV', async () => {
      const { status, body } = await api.get('inventory/stats', token);
      expect(status).toBe(200);
      expect(body.totals).toEqual({
        products: 2,
        units_in_stock: 36,
        inventory_value: 352,
        restocked: 34,
        invoiced: 6,
        adjusted: 8,
        low: 1,
        zero: 0,
        negative: 0,
      });
      expect(body.products[0]).toMatchObject({
        product: "TITO'S VODKA",
        qty: 26,
        invoiced: 6,
        restocked: 24,
      });
      const csv = await fetch(`${app.baseUrl}/api/v1/inventory/stats/export`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(csv.headers.get('content-disposition')).toMatch(
        /inventory_stats_\d{2}_[A-Z][a-z]{2}_\d{4}\.csv/,
      );
      const lines = (await csv.text()).trim().split('\r\n');
      expect(lines[0]).toBe(
        'Product,Size,Distributor,In Stock,Status,Inventory Value,Restocked,Invoiced,Adjusted',
      );
      expect(lines).toHaveLength(3);
      const old = await api.get('inventory/stats?from=2020-01-01&to=2020-01-31', token);
      expect(old.body.totals).toMatchObject({ restocked: 0, invoiced: 0, units_in_stock: 36 });
      const bad = await api.get('inventory/stats?from=2020-02-30', token);
      expect(bad.status).toBe(400);
      expect(bad.body.details).toContainEqual({ field: 'from', message: 'from must be a date (YYYY-MM-DD)' });
    });

    it('rebuilds to the same rows in batches of any size', async () => {
      const before = {
        grid: await grid(),
        history: (await api.get(`inventory/history/grid?${q({ startRow: 0, endRow: 100 })}`, token)).body,
      };
      await rebuildProjection(app.runtime.pool, app.runtime.store, inventoryProjection, { batchSize: 3 });
      const after = {
        grid: await grid(),
        history: (await api.get(`inventory/history/grid?${q({ startRow: 0, endRow: 100 })}`, token)).body,
      };
      expect(after).toEqual(before);
    });

    it('adds up concurrent restocks and invoices on one product', async () => {
      const start = (await rowOf(merlot)).qty as number;
      await Promise.all([
        ...Array.from({ length: 5 }, (_, i) =>
          api.put('inventory', { items: [{ product_id: merlot, qty: 3 }] }, token, {
            'idempotency-key': `concurrent-${i}-key`,
          }),
        ),
        ...Array.from({ length: 4 }, () => invoice([{ product_id: merlot, qty: 2, price: 8.99 }])),
        api.put(`inventory/${merlot}`, { field: 'qty', value: start + 1, old: start }, token),
      ]);
      await settle();
      expect((await rowOf(merlot)).qty).toBe(start + 15 - 8 + 1);
    });

    /** A wine of its own (no stamps), its stock, and the sum of its history's movements. */
    const aRaceProduct = async (name: string) =>
      (await api.post('product', { ...MERLOT, product: name }, token)).body.id as string;
    const movementsOf = async (productId: string) => {
      const filterModel = { product_id: { filterType: 'set', values: [productId] } };
      const history = await api.get(
        `inventory/history/grid?${q({ startRow: 0, endRow: 400, filterModel })}`,
        token,
      );
      expect(history.status).toBe(200);
      const rows = history.body.rows as { qty: number; source: string }[];
      return { sum: rows.reduce((total, row) => total + row.qty, 0), rows };
    };

    it('ends concurrent restocks, invoices, invoice edits, cancels and cell edits on one product at the sum of its movements', async () => {
      const rye = await aRaceProduct('Race Rye');
      const invoices = await Promise.all([
        ...Array.from({ length: 8 }, (_, i) =>
          api.put('inventory', { items: [{ product_id: rye, qty: 5 }] }, token, {
            'idempotency-key': `race-rye-restock-${i}`,
          }),
        ),
        ...Array.from({ length: 6 }, () => invoice([{ product_id: rye, qty: 2, price: 8.99 }])),
      ]);
      const numbers = invoices.slice(8).map((created) => (created as { number: string }).number);
      const seen = (await rowOf(rye)).qty as number;
      expect(seen).toBe(40 - 12);
      // Two invoices go from 2 to 3, two are cancelled, and three cell edits (each from what its user saw) race them.
      const answers = await Promise.all([
        ...numbers
          .slice(0, 2)
          .map((number) =>
            api.put(`invoice/${number}`, { items: [{ product_id: rye, qty: 3, price: 8.99 }] }, token),
          ),
        ...numbers.slice(2, 4).map((number) => api.put(`invoice/${number}`, { status: 'cancelled' }, token)),
        api.put(`inventory/${rye}`, { field: 'qty', value: seen + 7, old: seen }, token),
        api.put(`inventory/${rye}`, { field: 'qty', value: seen - 1, old: seen }, token),
        api.put(`inventory/${rye}`, { field: 'qty', value: seen + 2, old: seen }, token),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      await settle();
      const stock = (await rowOf(rye)).qty as number;
      expect(stock).toBe(seen - 2 + 4 + 7 - 1 + 2);
      const { sum, rows } = await movementsOf(rye);
      expect(sum).toBe(stock);
      expect(rows.filter((row) => row.source === 'RESTOCK')).toHaveLength(8);
      expect(rows.filter((row) => row.source === 'MANUAL')).toHaveLength(3);
    });

    it('loses nothing when a cell edit races an invoice: the edit moves stock by new − old', async () => {
      const gin = await aRaceProduct('Race Gin');
      await api.put('inventory', { items: [{ product_id: gin, qty: 50 }] }, token);
      let expected = 50;
      for (let round = 0; round < 5; round++) {
        const seen = (await rowOf(gin)).qty as number;
        expect(seen).toBe(expected);
        const [, edited] = await Promise.all([
          invoice([{ product_id: gin, qty: 3, price: 8.99 }]),
          api.put(`inventory/${gin}`, { field: 'qty', value: seen + 10, old: seen }, token),
        ]);
        expect(edited.status).toBe(200);
        await settle();
        expected = seen - 3 + 10;
        expect((await rowOf(gin)).qty).toBe(expected);
      }
      expect((await movementsOf(gin)).sum).toBe(expected);
    });

    it('answers another company 404 for these products, never their stock', async () => {
      const other = await withInventory();
      await expectOtherCompanyGets404(
        api,
        other.token,
        [
          { method: 'PUT', path: `inventory/${titos}`, body: { field: 'qty', value: 1 } },
          { method: 'PUT', path: 'inventory', body: { items: [{ product_id: titos, qty: 100 }] } },
        ],
        ["TITO'S"],
      );
      const theirs = await api.get(`inventory/grid?${q({ startRow: 0, endRow: 100 })}`, other.token);
      expect(theirs.body).toEqual({ rows: [], count: 0 });
      expect((await api.get(`inventory/stock?ids=${titos}`, other.token)).body).toEqual([]);
      expect((await api.get(`inventory/export`, other.token)).status).toBe(404);
      expect((await rowOf(titos)).qty).toBe(26);
    });

    it("names a movement's reference, unit price and deal as the client's specification does", async () => {
      const created = await api.post(
        'invoice',
        {
          customer_id: customer,
          items: [{ product_id: merlot, qty: 2, price: 7.5, on_deal: true }],
          force: true,
        },
        token,
      );
      expect(created.status).toBe(201);
      await settle();
      const onDeal = await api.get(
        `inventory/history/grid?${q({
          startRow: 0,
          endRow: 10,
          filterModel: { on_deal: { filterType: 'set', values: ['true'] } },
        })}`,
        token,
      );
      expect(onDeal.body.rows).toEqual([
        expect.objectContaining({
          product_id: merlot,
          qty: -2,
          source: 'INVOICE',
          ref: created.body.number,
          ref_number: created.body.number,
          price: 7.5,
          unit_price: 7.5,
          on_deal: true,
        }),
      ]);
      const restock = (
        await api.get(`inventory/history/grid?${q({ startRow: 0, endRow: 100 })}`, token)
      ).body.rows.find((row: Record<string, unknown>) => row.source === 'RESTOCK');
      expect(restock).toMatchObject({ ref_number: restock.ref, unit_price: restock.price, on_deal: false });
    });
  });

  describe('restock suggestions', () => {
    const REORDER = { reorder_needed: { filterType: 'number', type: 'equals', filter: 1 } };

    it('suggest enough to end "reorder now": above the reorder level and through the lead time, in whole lots', async () => {
      const { token } = await withInventory();
      const customer = (await api.post('customer', RUSTY_NAIL, token)).body.id;
      // Beer (no stamps): 300 sold in the last 30 days (10 a day), 3 days' lead time, reorder in lots of 48.
      const lager = (
        await api.post(
          'product',
          {
            product: 'Lone Star Lager 12pk',
            product_type: 'beer',
            product_size: '12oz',
            product_price: 12,
            last_purchase_price: '8.00',
            distributor: 'Ben E. Keith',
            reorder_level: 12,
            reorder_qty: 48,
            reorder_time_in_days: 3,
          },
          token,
        )
      ).body.id;
      const cider = (
        await api.post(
          'product',
          {
            product: 'Austin Eastciders',
            product_type: 'beer',
            product_size: '12oz',
            product_price: 10,
            last_purchase_price: '6.00',
            distributor: 'Ben E. Keith',
            reorder_level: 10,
          },
          token,
        )
      ).body.id;
      const sold = await api.post(
        'invoice',
        { customer_id: customer, items: [{ product_id: lager, qty: 300, price: 12 }], force: true },
        token,
      );
      expect(sold.status).toBe(201);
      await settle();
      // Counted since: 11 short of nothing (−11); the cider at 4.
      expect(
        (await api.put(`inventory/${lager}`, { field: 'qty', value: -11, old: -300 }, token)).status,
      ).toBe(200);
      expect((await api.put(`inventory/${cider}`, { field: 'qty', value: 4, old: 0 }, token)).status).toBe(
        200,
      );
      await settle();

      const reorder = async () => {
        const response = await api.get(
          `inventory/grid?${q({ startRow: 0, endRow: 100, ignoreLimit: 'true', filterModel: REORDER })}`,
          token,
        );
        expect(response.status).toBe(200);
        return response.body as { rows: Record<string, any>[]; count: number };
      };
      const list = await reorder();
      expect(list.count).toBe(2);
      const byId = new Map(list.rows.map((row) => [row.id, row]));
      // 10 a day for 3 days' lead time and the day after: 40 at least, so 51 are missing: two lots of 48.
      expect(byId.get(lager)).toMatchObject({
        qty: -11,
        sold_recently: 300,
        reorder_needed: 1,
        suggested_qty: 96,
      });
      // No sales, no reorder quantity: back above the level of 10 (11), 7 missing.
      expect(byId.get(cider)).toMatchObject({ qty: 4, reorder_needed: 1, suggested_qty: 7 });

      // The stock answer carries the distributor and the suggestion too (the restock list shows them).
      const stock = await api.get(`inventory/stock?ids=${lager},${cider}`, token);
      expect(stock.body).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            product_id: lager,
            distributor: 'Ben E. Keith',
            qty: -11,
            suggested_qty: 96,
          }),
        ]),
      );

      // Restocked by its suggestions, neither is "reorder now" any more.
      const restock = await api.put(
        'inventory',
        {
          distributor: 'Ben E. Keith',
          ref_number: 'PO-77',
          items: list.rows.map((row) => ({ product_id: row.id, qty: row.suggested_qty, item_cost: 8 })),
        },
        token,
      );
      expect(restock.status).toBe(200);
      await settle();
      expect((await reorder()).rows).toEqual([]);
      const after = await api.get(`inventory/grid?${q({ startRow: 0, endRow: 100 })}`, token);
      expect(
        after.body.rows.map((row: Record<string, any>) => [row.qty, row.reorder_needed, row.suggested_qty]),
      ).toEqual(
        expect.arrayContaining([
          [85, 0, 0],
          [11, 0, 0],
        ]),
      );

      // The export's times are the company's (America/Chicago by default): "yyyy-MM-dd HH:mm" on its clock.
      const csv = await (
        await fetch(`${app.baseUrl}/api/v1/inventory/export`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).text();
      const lastUpdated = csv.split('\r\n')[1]!.split(',').at(-1)!;
      const updatedAt = after.body.rows[0].updated_at as string;
      const chicago = new Intl.DateTimeFormat('en-CA', {
        timeZone: 'America/Chicago',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).formatToParts(new Date(updatedAt));
      const part = (type: string) => chicago.find((p) => p.type === type)!.value;
      expect(lastUpdated).toBe(
        `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`,
      );
    });
  });

  it('answers 403 with a clear message while the inventory feature is off', async () => {
    const { token } = await signUpOwner(api);
    for (const [method, path] of [
      ['GET', `inventory/grid?startRow=0&endRow=10`],
      ['GET', 'inventory/history/grid?startRow=0&endRow=10'],
      ['GET', 'inventory/distributors'],
      ['GET', 'inventory/export'],
      ['PUT', 'inventory'],
    ] as const) {
      const response = await api.call(method, path, {
        token,
        body: method === 'PUT' ? { items: [] } : undefined,
      });
      expect({ path, status: response.status }).toEqual({ path, status: 403 });
      expect(response.body.message).toContain('feature is not active for your company');
    }
  });
});
