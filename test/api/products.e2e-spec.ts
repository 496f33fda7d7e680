import { jest } from '@jest/globals';
import { CommandBus } from '@nestjs/cqrs';
import { SwitchFeatureCommand } from '../../apps/api/src/features/commands/switch-feature.command.js';
import type { FeatureName } from '#domain/companies/company.features.js';
import { businessDate } from '#domain/shared/business-date.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { expectOtherCompanyGets404 } from '../support/tenancy.js';

const TITOS = {
  product: "  Tito's Handmade Vodka ",
  product_type: 'liquor',
  product_size: '750ml',
  product_price: 19.99,
  last_purchase_price: '14.50',
  upc: '619947000013',
};

const CUSTOMER = {
  name: 'The Rusty Nail',
  address: '500 E 6th St',
  city: 'Austin',
  zip: '78701',
  tabc_id: 'MB123456',
  cash_on_delivery: 0,
  fintech_option: 0,
};

const today = () => businessDate(new Date().toISOString());
const dayFromToday = (days: number) =>
  new Date(Date.parse(`${today()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('Products (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    jest.spyOn(console, 'log').mockImplementation(() => {}); // the migrator's and the CLI's output
    app = await startTestApp();
    api = apiClient(app.baseUrl);
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await app.close();
  });

  /**
   * The provider's team switches a feature (the command `features:set` runs), waiting for the read models to show
   * it, as an API command does.
   */
  const provider = (companyId: string, feature: FeatureName, on = true) =>
    app.app
      .get(CommandBus)
      .execute(
        new SwitchFeatureCommand(
          { feature, active: on, by: 'provider' },
          { companyId, userId: null, now: new Date().toISOString() },
        ),
      );
  const create = async (token: string, body: Record<string, unknown> = {}) => {
    const response = await api.post('product', { ...TITOS, ...body }, token);
    expect(response.status).toBe(201);
    return response.body;
  };
  /** What invoices will record, until they exist: the product sales read model, written as their projection will. */
  const sold = async (
    companyId: string,
    productId: string,
    lines: { units: number; amountCents: number; on: string; customerId?: string | null }[],
  ) => {
    for (const [i, line] of lines.entries()) {
      await app.runtime.pool.query(
        `INSERT INTO rm_product_sale_line (invoice_id, line_no, company_id, product_id, customer_id, sold_on, units, amount_cents)
         VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7)`,
        [i, companyId, productId, line.customerId ?? null, line.on, line.units, line.amountCents],
      );
    }
    await app.runtime.pool.query(
      `INSERT INTO rm_product_sales (product_id, company_id, units_sold, amount_sold_cents, invoice_count)
       VALUES ($1, $2, $3, $4, $5)`,
      [
        productId,
        companyId,
        lines.reduce((sum, l) => sum + l.units, 0),
        lines.reduce((sum, l) => sum + l.amountCents, 0),
        lines.length,
      ],
    );
  };

  describe('create and read', () => {
    it('creates a product with its name and type trimmed and upper-cased, and answers it (201)', async () => {
      const { token } = await signUpOwner(api);
      const response = await api.post('product', { ...TITOS, internal_sku: '0', reorder_level: '6' }, token);
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        id: expect.any(String),
        product: "TITO'S HANDMADE VODKA",
        product_size: '750ml',
        product_type: 'LIQUOR',
        upc: '619947000013',
        internal_sku: null,
        distributor: null,
        ydk_product_id: null,
        product_price: 19.99,
        last_purchase_price: 14.5,
        effective_date: null,
        reorder_level: 6,
        reorder_qty: null,
        reorder_time_in_days: null,
        case_size: null,
        archived: false,
        archived_at: null,
        units_sold: 0,
        amount_sold: 0,
        profit: 0,
        profit_percentage: null,
        invoice_count: 0,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        priceChanges: [],
        next_price_change: null,
        // the client's specification: a product carries its inventory and its invoices
        inventory: {
          qty: 0,
          distributor: null,
          reorder_level: 6,
          reorder_qty: null,
          reorder_time_in_days: null,
          reorder_needed: true,
          days_to_reorder: null,
          status: 'ZERO',
          last_restock_at: null,
          last_restock_qty: null,
          updated_at: expect.any(String),
        },
        stock_status: 'ZERO',
        invoices: [],
      });
      expect((await api.get(`product/${response.body.id}`, token)).body).toEqual(response.body);
    });

    it("answers every broken field at once, with the spec's rules", async () => {
      const { token } = await signUpOwner(api);
      const response = await api.post(
        'product',
        {
          product: ' ',
          product_type: 'whisky',
          product_size: '',
          product_price: 0,
          last_purchase_price: -1,
          upc: '12-AB',
          reorder_qty: 'lots',
        },
        token,
      );
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        statusCode: 400,
        message: 'Product name is required.',
        details: [
          { field: 'product', message: 'Product name is required.' },
          { field: 'product_type', message: 'Product type must be one of: LIQUOR, WINE, BEER, N/A.' },
          { field: 'product_size', message: 'Product size is required.' },
          {
            field: 'product_price',
            message: 'Price must be a number of at least 0.01 with at most 2 decimals.',
          },
          {
            field: 'last_purchase_price',
            message: 'Purchase price must be a number of at least 0 with at most 2 decimals.',
          },
          { field: 'upc', message: 'UPC must be 6 to 14 digits.' },
          { field: 'reorder_qty', message: 'Reorder qty must be a number (a whole number of 0 or more).' },
        ],
      });
      expect((await api.post('product', { ...TITOS, colour: 'red' }, token)).body.details).toEqual([
        { field: 'colour', message: 'property colour should not exist' },
      ]);
    });

    it('refuses the same product (name, size, type) with a link to it; an archived one does not count', async () => {
      const { token } = await signUpOwner(api);
      const first = await create(token);
      const again = await api.post(
        'product',
        { ...TITOS, product: "tito's  handmade vodka", product_size: '750 ML', upc: null },
        token,
      );
      expect(again.status).toBe(409);
      expect(again.body).toEqual({
        statusCode: 409,
        message: 'This product exists already.',
        details: [{ field: 'product', message: 'This product exists already.' }],
        existing_product_id: first.id,
        existing_product_path: `/product/${first.id}`,
      });
      expect((await api.post('product', { ...TITOS, product_size: '1L' }, token)).status).toBe(201);
      expect((await api.put(`product/${first.id}`, { archived: true }, token)).status).toBe(200);
      const replacement = await create(token);
      const restore = await api.put(`product/${first.id}`, { archived: false }, token);
      expect(restore.status).toBe(409);
      expect(restore.body.existing_product_id).toBe(replacement.id);
      const rename = await api.put(`product/${replacement.id}`, { product_size: '1 l' }, token);
      expect(rename.status).toBe(409);
    });

    it("answers 'Product not found' for an unknown or malformed id", async () => {
      const { token } = await signUpOwner(api);
      for (const path of ['product/6f1c0000-0000-4000-8000-000000000001', 'product/not-an-id']) {
        expect(await api.get(path, token)).toMatchObject({
          status: 404,
          body: { statusCode: 404, message: 'Product not found' },
        });
      }
    });
  });

  describe('edit, price changes, archive, delete', () => {
    it('edits fields, keeping those left out; internal SKU 0 means none', async () => {
      const { token } = await signUpOwner(api);
      const product = await create(token, { internal_sku: 'A-1', distributor: 'RNDC' });
      const response = await api.put(
        `product/${product.id}`,
        { id: product.id, distributor: 'Southern Glazers', internal_sku: 0, reorder_qty: 12 },
        token,
      );
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        product: "TITO'S HANDMADE VODKA",
        distributor: 'Southern Glazers',
        internal_sku: null,
        reorder_qty: 12,
        product_price: 19.99,
        priceChanges: [],
      });
      const empty = await api.put(`product/${product.id}`, { product: '' }, token);
      expect(empty.status).toBe(400);
      expect(empty.body.details).toEqual([{ field: 'product', message: 'Product name is required.' }]);
    });

    it('changes the list price from today, or from a later effective date, never an earlier one', async () => {
      const { token } = await signUpOwner(api);
      const product = await create(token);
      const now = await api.put(`product/${product.id}`, { product_price: '21.99' }, token);
      expect(now.body).toMatchObject({
        product_price: 21.99,
        effective_date: today(),
        next_price_change: null,
      });
      expect(now.body.priceChanges).toEqual([
        {
          old_price: 19.99,
          new_price: 21.99,
          customer_id: null,
          customer_name: null,
          effective_date: today(),
          created_at: expect.any(String),
        },
      ]);
      const later = await api.put(
        `product/${product.id}`,
        { product_price: 23.5, effective_date: dayFromToday(7) },
        token,
      );
      expect(later.body).toMatchObject({
        product_price: 21.99,
        next_price_change: { product_price: 23.5, effective_date: dayFromToday(7) },
      });
      expect(later.body.priceChanges).toHaveLength(2);
      const past = await api.put(
        `product/${product.id}`,
        { product_price: 25, effective_date: dayFromToday(-1) },
        token,
      );
      expect(past.status).toBe(400);
      expect(past.body).toEqual({
        statusCode: 400,
        message: 'The price-effective date may not be before today.',
        details: [{ field: 'effective_date', message: 'The price-effective date may not be before today.' }],
      });
      const price = await api.get(`product/${product.id}/price?date=${dayFromToday(7)}`, token);
      expect(price.body).toEqual({
        product_id: product.id,
        customer_id: null,
        date: dayFromToday(7),
        price: 23.5,
        price_source: 'list',
        list_price: 23.5,
        tier: null,
      });
      // Before today's change: the price the product was created with.
      expect((await api.get(`product/${product.id}/price?date=${dayFromToday(-1)}`, token)).body.price).toBe(
        19.99,
      );
      expect((await api.get(`product/${product.id}/price?date=${dayFromToday(6)}`, token)).body.price).toBe(
        21.99,
      );
    });

    it('records a price for one customer, named in the price changes, without changing the list price', async () => {
      const { token } = await signUpOwner(api);
      const product = await create(token);
      const customer = (await api.post('customer', CUSTOMER, token)).body;
      const unknown = await api.put(
        `product/${product.id}`,
        { product_price: 18, customerId: '6f1c0000-0000-4000-8000-000000000001' },
        token,
      );
      expect(unknown.status).toBe(400);
      expect(unknown.body.details).toEqual([{ field: 'customerId', message: 'Customer Not Found' }]);
      const response = await api.put(
        `product/${product.id}`,
        { product_price: 18, customerId: customer.id },
        token,
      );
      expect(response.body.product_price).toBe(19.99);
      expect(response.body.priceChanges).toEqual([
        expect.objectContaining({
          old_price: 19.99,
          new_price: 18,
          customer_id: customer.id,
          customer_name: 'The Rusty Nail',
        }),
      ]);
      expect(
        (await api.get(`product/${product.id}/price?customerId=${customer.id}`, token)).body,
      ).toMatchObject({
        price: 18,
        price_source: 'customer',
        list_price: 19.99,
      });
      const suggestion = await api.get(`product/suggestions?query=tito&customerId=${customer.id}`, token);
      expect(suggestion.body).toEqual([
        expect.objectContaining({ id: product.id, price: 18, price_source: 'customer' }),
      ]);
    });

    it('archives and restores; archived products leave the grid, the list and the suggestions', async () => {
      const { token } = await signUpOwner(api);
      const product = await create(token);
      const archived = await api.put(`product/${product.id}`, { archived: true }, token);
      expect(archived.body).toMatchObject({ archived: true, archived_at: expect.any(String) });
      expect((await api.get('product/grid?startRow=0&endRow=25', token)).body).toEqual({
        rows: [],
        count: 0,
      });
      expect((await api.get('product', token)).body).toEqual([]);
      expect((await api.get('product?archived=true', token)).body).toHaveLength(1);
      expect((await api.get('product/suggestions?query=tito', token)).body).toEqual([]);
      const all = await api.get(
        `product/grid?startRow=0&endRow=25&filterModel=${encodeURIComponent(
          JSON.stringify({ archived: { filterType: 'set', values: ['true', 'false'] } }),
        )}`,
        token,
      );
      expect(all.body.count).toBe(1);
      expect(all.body.rows[0]).toMatchObject({ id: product.id, archived: true });
      const restored = await api.put(`product/${product.id}`, { archived: 0 }, token);
      expect(restored.body).toMatchObject({ archived: false, archived_at: null });
    });

    it('deletes a product without invoice history; one with history answers Did not remove product', async () => {
      const { token, user } = await signUpOwner(api);
      const product = await create(token);
      const other = await create(token, { product_size: '1L' });
      await sold(user.company_id, other.id, [{ units: 1, amountCents: 2999, on: today() }]);
      const refused = await api.delete(`product/${other.id}`, token);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        statusCode: 409,
        message: 'Did not remove product',
        details: [
          {
            field: 'product',
            message: 'This product has invoice history, so it cannot be deleted. Archive it instead.',
          },
        ],
      });
      const deleted = await api.delete(`product/${product.id}`, token);
      expect(deleted).toMatchObject({ status: 200, body: { message: 'Deleted product!', id: product.id } });
      expect((await api.get(`product/${product.id}`, token)).status).toBe(404);
      expect((await api.put(`product/${product.id}`, { product_price: 5 }, token)).status).toBe(404);
      // The name is free again.
      expect((await api.post('product', TITOS, token)).status).toBe(201);
    });

    it("keeps Clover's catalogue: no create or edit while Clover is on; Bottle POS: price only", async () => {
      const { token, user } = await signUpOwner(api);
      const product = await create(token);
      await provider(user.company_id, 'bottle_pos');
      const bottle =
        'Products are kept in Bottle POS while the Bottle POS feature is active: only their price can be changed here.';
      expect((await api.put(`product/${product.id}`, { distributor: 'RNDC' }, token)).body).toEqual({
        statusCode: 403,
        message: bottle,
      });
      expect((await api.put(`product/${product.id}`, { product_price: 20.99 }, token)).status).toBe(200);
      expect((await api.delete(`product/${product.id}`, token)).body).toEqual({
        statusCode: 403,
        message: 'Did not remove product',
        details: [{ field: 'product', message: bottle }],
      });
      await provider(user.company_id, 'bottle_pos', false);
      await provider(user.company_id, 'clover');
      expect((await api.post('product', { ...TITOS, product_size: '1L' }, token)).body).toEqual({
        statusCode: 403,
        message:
          'Products are kept in Clover while the Clover feature is active: they cannot be created or changed here.',
      });
      const archive = await api.put(`product/${product.id}`, { archived: true }, token);
      expect(archive.body.message).toBe('Did not archive product');
    });
  });

  describe('the grid and the list', () => {
    let token: string;
    let companyId: string;
    let titos: { id: string };
    let wine: { id: string };
    let beer: { id: string };

    beforeAll(async () => {
      const owner = await signUpOwner(api);
      token = owner.token;
      companyId = owner.user.company_id;
      titos = await create(token);
      wine = await create(token, {
        product: 'Caymus Cabernet',
        product_type: 'wine',
        product_price: 89,
        last_purchase_price: 60,
        upc: null,
      });
      beer = await create(token, {
        product: 'Shiner Bock 6pk',
        product_type: 'beer',
        product_size: '12oz',
        product_price: 8.5,
        last_purchase_price: 5.25,
        upc: '078542001014',
      });
      await sold(companyId, wine.id, [
        { units: 10, amountCents: 89_000, on: '2026-01-10' },
        { units: 2, amountCents: 17_800, on: '2026-02-10' },
      ]);
    });

    const grid = async (query: Record<string, unknown> = {}) => {
      const params = new URLSearchParams({ startRow: '0', endRow: '25' });
      for (const [key, value] of Object.entries(query)) params.set(key, JSON.stringify(value));
      const response = await api.get(`product/grid?${params}`, token);
      expect(response.status).toBe(200);
      return response.body as { rows: Record<string, unknown>[]; count: number };
    };

    it('answers every column, units sold first, with profit = amount sold − units × last purchase price', async () => {
      const { rows, count } = await grid();
      expect(count).toBe(3);
      expect(rows.map((r) => r.product)).toEqual([
        'CAYMUS CABERNET',
        'SHINER BOCK 6PK',
        "TITO'S HANDMADE VODKA",
      ]);
      expect(rows[0]).toEqual({
        id: wine.id,
        product: 'CAYMUS CABERNET',
        internal_sku: null,
        upc: null,
        product_type: 'WINE',
        product_size: '750ml',
        last_purchase_price: 60,
        product_price: 89,
        units_sold: 12,
        amount_sold: 1068,
        profit: 348,
        profit_percentage: 32.58,
        distributor: null,
        archived: false,
        invoice_count: 2,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      expect(rows[2]).toMatchObject({ units_sold: 0, amount_sold: 0, profit: 0, profit_percentage: null });
    });

    it('sorts and filters on the whitelisted columns', async () => {
      expect(
        (await grid({ sortModel: [{ colId: 'product_price', sort: 'asc' }] })).rows.map((r) => r.id),
      ).toEqual([beer.id, titos.id, wine.id]);
      const liquor = await grid({ filterModel: { product_type: { filterType: 'set', values: ['LIQUOR'] } } });
      expect(liquor.rows.map((r) => r.id)).toEqual([titos.id]);
      const cheap = await grid({
        filterModel: { product_price: { filterType: 'number', type: 'lessThan', filter: 20 } },
      });
      expect(cheap.count).toBe(2);
      const named = await grid({
        filterModel: { product: { filterType: 'text', type: 'contains', filter: 'bock' } },
      });
      expect(named.rows.map((r) => r.id)).toEqual([beer.id]);
      const bad = await api.get(
        'product/grid?startRow=0&endRow=25&sortModel=[{"colId":"secret","sort":"asc"}]',
        token,
      );
      expect(bad.status).toBe(400);
      expect(bad.body.details).toEqual([{ field: 'sortModel[0].colId', message: 'Unknown column' }]);
    });

    it('lists products with what they sold between dateFrom and dateTo', async () => {
      const all = (await api.get('product', token)).body;
      expect(all.map((r: { id: string }) => r.id)).toEqual([wine.id, beer.id, titos.id]);
      expect(all[0]).toMatchObject({
        units_sold: 12,
        amount_sold: 1068,
        price: 89,
        price_source: 'list',
        tier: null,
      });
      const february = (await api.get('product?dateFrom=2026-02-01&dateTo=2026-02-28', token)).body;
      expect(february[0]).toMatchObject({ id: wine.id, units_sold: 2, amount_sold: 178, invoice_count: 2 });
      expect(february[1]).toMatchObject({ units_sold: 0 });
      const bad = await api.get('product?dateFrom=yesterday&customerId=7', token);
      expect(bad.status).toBe(400);
      expect(bad.body.details).toEqual([
        { field: 'dateFrom', message: 'dateFrom must be a date (YYYY-MM-DD).' },
        { field: 'customerId', message: 'Customer must be the id of a customer.' },
      ]);
      expect((await api.get('product?search=shiner', token)).body.map((r: { id: string }) => r.id)).toEqual([
        beer.id,
      ]);
    });
  });

  describe('suggestions for the invoice builder', () => {
    let token: string;
    let ids: Record<string, string>;

    beforeAll(async () => {
      token = (await signUpOwner(api)).token;
      ids = {};
      for (const [name, upc, size] of [
        ['Bacardi Superior Rum', '080480015305', '750ml'],
        ['Captain Morgan Spiced Rum', '087000007055', '750ml'],
        ['Rumple Minze', '088076164578', '750ml'],
        ['Bacardi 100% Proof', '080480280024', '1L'],
        ['Bacardi Gold_Label', '080480015306', '750ml'],
      ]) {
        ids[name!] = (await create(token, { product: name, upc, product_size: size, product_price: 15 })).id;
      }
    });

    const suggest = async (query: string) => {
      const response = await api.get(`product/suggestions?${query}`, token);
      expect(response.status).toBe(200);
      return (response.body as { id: string; product: string; match: string }[]).map(
        (s) => `${s.product}/${s.match}`,
      );
    };

    it('starts at 3 characters', async () => {
      expect(await suggest('query=ru')).toEqual([]);
      expect(await suggest('query=%25_r')).toEqual([]);
      expect(await suggest('query=')).toEqual([]);
    });

    it('answers names starting with the query first, then the query anywhere', async () =>
      expect(await suggest('query=rum')).toEqual([
        'RUMPLE MINZE/name',
        'BACARDI SUPERIOR RUM/contains',
        'CAPTAIN MORGAN SPICED RUM/contains',
      ]));

    it('strips % and _', async () => {
      expect(await suggest(`query=${encodeURIComponent('bac%ardi 100')}`)).toEqual([
        'BACARDI 100% PROOF/name',
      ]);
      expect(await suggest(`query=${encodeURIComponent('gold_label')}`)).toEqual([]);
      expect(await suggest(`query=${encodeURIComponent('gold_')}`)).toEqual(['BACARDI GOLD_LABEL/contains']);
      expect(await suggest(`query=${encodeURIComponent('bacardi_')}`)).toHaveLength(3);
    });

    it('finds the words typed in order, a size among them, with or without an apostrophe', async () => {
      await create(token, { product: "Tito's Handmade Vodka", product_size: '1.75L', product_price: 39.99 });
      expect(await suggest('query=titos')).toEqual(["TITO'S HANDMADE VODKA/contains"]);
      expect(await suggest(`query=${encodeURIComponent('tito’s 1.75')}`)).toEqual([
        "TITO'S HANDMADE VODKA/contains",
      ]);
      expect(await suggest(`query=${encodeURIComponent('captain spiced 750')}`)).toEqual([
        'CAPTAIN MORGAN SPICED RUM/contains',
      ]);
      expect(await suggest(`query=${encodeURIComponent('spiced captain')}`)).toEqual([]);
    });

    it('takes a digit string longer than 5 as a UPC: the exact product first', async () => {
      expect(await suggest('query=080480015305')).toEqual(['BACARDI SUPERIOR RUM/upc']);
      expect(await suggest('query=0804800153')).toEqual([
        'BACARDI GOLD_LABEL/contains',
        'BACARDI SUPERIOR RUM/contains',
      ]);
    });

    it('leaves out the products given, and limits the answer', async () => {
      const exclude = [ids['Rumple Minze'], ids['Bacardi Superior Rum']].join(',');
      expect(await suggest(`query=rum&exclude=${exclude}`)).toEqual(['CAPTAIN MORGAN SPICED RUM/contains']);
      expect(await suggest(`query=rum&excludingProductIds=${ids['Rumple Minze']}&limit=1`)).toEqual([
        'BACARDI SUPERIOR RUM/contains',
      ]);
      const bad = await api.get('product/suggestions?query=rum&exclude=abc', token);
      expect(bad.body.details).toEqual([
        { field: 'exclude', message: 'exclude must be product ids separated by commas (at most 500).' },
      ]);
    });

    it('prices each suggestion', async () => {
      const [first] = (await api.get('product/suggestions?query=rumple', token)).body;
      expect(first).toEqual({
        id: ids['Rumple Minze'],
        product: 'RUMPLE MINZE',
        product_size: '750ml',
        product_type: 'LIQUOR',
        upc: '088076164578',
        case_size: null,
        internal_sku: null,
        distributor: null,
        ydk_product_id: null,
        last_purchase_price: 14.5,
        last_invoiced_price: null,
        price: 15,
        price_source: 'list',
        list_price: 15,
        tier: null,
        match: 'name',
      });
    });
  });

  it("keeps every company's products to itself (404, never the data)", async () => {
    const owner = await signUpOwner(api, 'Owner One');
    const other = await signUpOwner(api, 'Owner Two');
    const product = await create(owner.token, { product: 'Secret Reserve Bourbon', upc: '123456789012' });
    const customer = (await api.post('customer', CUSTOMER, owner.token)).body;
    await expectOtherCompanyGets404(
      api,
      other.token,
      [
        { method: 'GET', path: `product/${product.id}` },
        { method: 'GET', path: `product/${product.id}/price` },
        { method: 'PUT', path: `product/${product.id}`, body: { product_price: 1 } },
        { method: 'PUT', path: `product/${product.id}`, body: { archived: true } },
        { method: 'DELETE', path: `product/${product.id}` },
        { method: 'GET', path: `product/suggestions?query=secret&customerId=${customer.id}` },
      ],
      ['SECRET RESERVE BOURBON', '123456789012'],
    );
    expect((await api.get('product/grid?startRow=0&endRow=25', other.token)).body).toEqual({
      rows: [],
      count: 0,
    });
    expect((await api.get('product/suggestions?query=secret', other.token)).body).toEqual([]);
    expect((await api.get('product?search=secret', other.token)).body).toEqual([]);
    // The other company's product of the same name is its own.
    expect(
      (await api.post('product', { ...TITOS, product: 'Secret Reserve Bourbon' }, other.token)).status,
    ).toBe(201);
    // A price for another company's customer: that customer is not found.
    const priced = await api.put(
      `product/${product.id}`,
      { product_price: 1, customerId: (await api.post('customer', CUSTOMER, other.token)).body.id },
      owner.token,
    );
    expect(priced.body.details).toEqual([{ field: 'customerId', message: 'Customer Not Found' }]);
    expect((await api.get(`product/${product.id}`, owner.token)).body.product).toBe('SECRET RESERVE BOURBON');
  });
});
