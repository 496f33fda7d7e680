import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { cloverContractServer } from '../../apps/api/src/integrations/clover/clover.contract-server.js';
import type { ContractServer } from '../../apps/api/src/integrations/contract-server.js';
import { IntegrationPartners } from '../../apps/api/src/integrations/partners.provider.js';
import { SyncRunner } from '../../apps/api/src/integrations/sync-runner.js';
import { integrationsProjection } from '#projections/integrations/integrations.projection.js';
import { rebuildProjection } from '#engine';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { featuresSet } from '../../apps/cli/src/features-set.command.js';
import { runCli, setFeature } from '../support/cli.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { liveClient } from '../support/live.js';
import { expectOtherCompanyGets404 } from '../support/tenancy.js';

/** Clover runs with credentials against a server of the test's own: the secret must never come back anywhere. */
const CLOVER_TOKEN = 'clover-secret-token-7f3a9c';
const CLOVER_MERCHANT = 'TESTMERCHANT9';

const wine = (name: string, price: number) => ({
  product: name,
  product_type: 'wine',
  product_size: '750ml',
  product_price: price,
  last_purchase_price: '4.00',
  upc: `0${Math.floor(Math.random() * 1e11)}`.padStart(12, '0'),
});

describe('Integrations: Bottle POS and Clover syncs (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;
  let clover: ContractServer;
  let bottle: ContractServer;
  let runner: SyncRunner;
  const warnings: string[] = [];

  beforeAll(async () => {
    clover = await cloverContractServer(CLOVER_MERCHANT, CLOVER_TOKEN).start();
    app = await startTestApp({
      CLOVER_URL: clover.url,
      CLOVER_MERCHANT_ID: CLOVER_MERCHANT,
      CLOVER_API_TOKEN: CLOVER_TOKEN,
      INTEGRATION_TIMEOUT_MS: '400',
      INTEGRATION_RATE_PER_SECOND: '200',
    });
    api = apiClient(app.baseUrl);
    runner = app.app.get(SyncRunner);
    bottle = await app.app.get(IntegrationPartners).localServer('bottle_pos');
    bottle.slowMs = 2_000;
    clover.slowMs = 2_000;
    jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => {
      warnings.push(String(message));
    });
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await app.close();
    await clover.close();
  });

  const settle = async () => app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
  /** Starts a sync and waits until it ended and the read models show it. */
  const sync = async (token: string, path: string) => {
    const started = await api.get(path, token);
    expect(started.status).toBe(200);
    expect(started.body).toEqual({ syncId: expect.any(String), status: 'started' });
    await runner.idle();
    await settle();
    return started.body.syncId as string;
  };

  async function aCompany(features: string[]) {
    const owner = await signUpOwner(api);
    const customer = (await api.post('customer', RUSTY_NAIL, owner.token)).body.id as string;
    const products: string[] = [];
    for (const [name, price] of [
      ['House Merlot', 8.99],
      ['House Chardonnay', 9.49],
      ['Becker Cabernet', 24.99],
    ] as const) {
      const created = await api.post('product', wine(name, price), owner.token);
      expect(created.status).toBe(201);
      products.push(created.body.id);
    }
    // The partners keep the catalogue while on (products can no longer be created here): features last.
    for (const feature of features) await setFeature(app.app, owner.user.company_id, feature);
    await settle();
    const invoice = async (qty = 2) => {
      const created = await api.post(
        'invoice',
        { customer_id: customer, items: [{ product_id: products[0], qty, price: 8.99 }], force: true },
        owner.token,
      );
      expect(created.status).toBe(201);
      return created.body as { id: string; number: string };
    };
    return { token: owner.token, companyId: owner.user.company_id as string, products, invoice };
  }

  it('answers 403 while the feature is off', async () => {
    const { token } = await aCompany([]);
    for (const path of ['bottle-pos/sync/history', 'clover/sync-invoices', 'bottle-pos/sync-products']) {
      const response = await api.get(path, token);
      expect({ path, status: response.status }).toEqual({ path, status: 403 });
    }
  });

  it('keeps the catalogue under Bottle POS (price only) unless the provider switched it on with ignore_pricing', async () => {
    const { token, companyId, products } = await aCompany(['bottle_pos']);
    const locked =
      'Products are kept in Bottle POS while the Bottle POS feature is active: only their price can be changed here.';
    expect((await api.post('product', wine('Rose', 7.5), token)).body).toEqual({
      statusCode: 403,
      message: locked,
    });
    expect((await api.put(`product/${products[0]}`, { distributor: 'RNDC' }, token)).status).toBe(403);
    expect((await api.put(`product/${products[0]}`, { product_price: 9.49 }, token)).status).toBe(200);
    const { code } = await runCli(() =>
      featuresSet(app.app, ['--company', companyId, '--feature', 'bottle_pos', '--on', '--ignore-pricing']),
    );
    expect(code).toBe(0);
    await settle();
    expect((await api.post('product', wine('Rose', 7.5), token)).status).toBe(201);
    expect((await api.put(`product/${products[0]}`, { distributor: 'RNDC' }, token)).status).toBe(200);
  });

  describe('Bottle POS (local contract server)', () => {
    let company: Awaited<ReturnType<typeof aCompany>>;
    const pushesOf = (invoiceId: string) => bottle.writesOf(`/api/v1/invoices/${invoiceId}`).length;

    beforeAll(async () => {
      bottle.reset();
      company = await aCompany(['bottle_pos']);
    });

    it('has no history before the first sync', async () => {
      const history = await api.get('bottle-pos/sync/history', company.token);
      expect(history.status).toBe(200);
      expect(history.body).toEqual({
        lastSync: null,
        syncs: [],
        failedInvoices: [],
        failedProductSyncLog: [],
      });
    });

    it('pushes recent invoices once, logs each, and a second sync pushes nothing again', async () => {
      const invoices = [await company.invoice(), await company.invoice(3), await company.invoice(4)];
      const syncId = await sync(company.token, `bottle-pos/sync-invoices?company_id=${company.companyId}`);
      for (const invoice of invoices) expect(pushesOf(invoice.id)).toBe(1);
      const pushed = bottle.writesOf(`/api/v1/invoices/${invoices[0]!.id}`)[0]!.body as Record<string, any>;
      expect(pushed).toMatchObject({
        invoice_id: invoices[0]!.id,
        number: invoices[0]!.number,
        customer: { name: 'The Rusty Nail', license: 'MB123456' },
        items: [{ name: 'HOUSE MERLOT', qty: 2, unit_price: '8.99', total: '17.98' }],
      });

      const history = (await api.get('bottle-pos/sync/history', company.token)).body;
      expect(history.lastSync).toEqual({
        syncId,
        kind: 'invoices',
        status: 'success',
        error: null,
        synced: 3,
        failed: 0,
        createdAt: expect.any(String),
        completedAt: expect.any(String),
      });
      const log = await api.get(`bottle-pos/sync-log/${syncId}`, company.token);
      expect(log.status).toBe(200);
      expect(log.body).toHaveLength(3);
      expect(log.body[0]).toEqual({
        id: expect.any(String),
        sync_id: syncId,
        createdAt: expect.any(String),
        type: 'Invoice',
        success_log: { message: expect.stringMatching(/^Invoice \d+ synced\.$/) },
        error_log: null,
        data: expect.objectContaining({ invoiceId: expect.any(String) }),
      });

      // each record's event says where the sync stood (the live gateway sends it as bottle-pos:sync-progress)
      const { rows: progress } = await app.runtime.pool.query<{ progress: { done: number; total: number } }>(
        `SELECT data -> 'progress' AS progress FROM events
          WHERE stream_id = $1 AND type = 'InvoiceSynced' AND data ->> 'syncId' = $2 ORDER BY position`,
        [`integrations-${company.companyId}`, syncId],
      );
      expect(progress.map((row) => row.progress)).toEqual([
        { done: 1, total: 3 },
        { done: 2, total: 3 },
        { done: 3, total: 3 },
      ]);

      const again = await sync(company.token, 'bottle-pos/sync-invoices');
      for (const invoice of invoices) expect(pushesOf(invoice.id)).toBe(1);
      const second = (await api.get('bottle-pos/sync/history', company.token)).body.lastSync;
      expect(second).toMatchObject({ syncId: again, status: 'success', synced: 0, failed: 0 });
    });

    it('stops on a partner failing mid-sync with a logged reason, and a retry pushes each invoice once', async () => {
      const invoices = [await company.invoice(5), await company.invoice(6), await company.invoice(7)];
      bottle.fault = 'error500';
      bottle.failAfter = bottle.writesOf('/api/v1/invoices/').length + 1; // one more push succeeds, then 500
      const failedId = await sync(company.token, 'bottle-pos/sync-invoices');
      const failed = (await api.get('bottle-pos/sync/history', company.token)).body;
      expect(failed.lastSync).toMatchObject({
        syncId: failedId,
        status: 'failed',
        error: 'Bottle POS failed with an error (500).',
        synced: 1,
      });
      expect(warnings.some((line) => line.includes(failedId) && line.includes('(500)'))).toBe(true);
      const log = (await api.get(`bottle-pos/sync-log/${failedId}`, company.token)).body;
      expect(log.map((row: any) => row.error_log?.message ?? row.success_log.message)).toEqual([
        expect.stringMatching(/synced\.$/),
        'Sync failed: Bottle POS failed with an error (500).',
      ]);
      const activity = await api.get(
        `user/user-activity/grid?startRow=0&endRow=10&filterModel=${encodeURIComponent(
          JSON.stringify({ module: { filterType: 'set', values: ['BOTTLE_POS'] } }),
        )}`,
        company.token,
      );
      expect(activity.body.rows[0]).toMatchObject({
        module: 'BOTTLE_POS',
        type: 'INVOICE_SYNC',
        success: false,
      });

      const before = invoices.map((invoice) => pushesOf(invoice.id));
      expect(before).toEqual([0, 0, 1]); // newest first: the last one made it before the 500
      bottle.reset();
      const retried = await sync(company.token, 'bottle-pos/sync-invoices');
      expect(invoices.map((invoice, i) => before[i]! + pushesOf(invoice.id))).toEqual([1, 1, 1]);
      expect((await api.get('bottle-pos/sync/history', company.token)).body.lastSync).toMatchObject({
        syncId: retried,
        status: 'success',
        synced: 2,
      });
      const rows = (
        await api.get(
          `user/user-activity/grid?startRow=0&endRow=10&filterModel=${encodeURIComponent(
            JSON.stringify({ module: { filterType: 'set', values: ['BOTTLE_POS'] } }),
          )}`,
          company.token,
        )
      ).body.rows;
      expect(rows[0]).toMatchObject({ module: 'BOTTLE_POS', type: 'INVOICE_SYNC', success: true });
    });

    it.each([
      ['slow', 'Bottle POS did not answer within 0.4 s.'],
      ['garbage', 'Bottle POS answered something that is not JSON.'],
      ['down', 'Bottle POS could not be reached.'],
    ] as const)('fails a sync when the partner is %s, pushing nothing', async (fault, reason) => {
      const invoice = await company.invoice(8);
      bottle.fault = fault;
      const syncId = await sync(company.token, 'bottle-pos/sync-invoices');
      bottle.reset();
      expect((await api.get('bottle-pos/sync/history', company.token)).body.lastSync).toMatchObject({
        syncId,
        status: 'failed',
        error: reason,
        synced: 0,
      });
      expect(pushesOf(invoice.id)).toBe(0);
      await sync(company.token, 'bottle-pos/sync-invoices');
      expect(pushesOf(invoice.id)).toBe(1);
    });

    it('syncs only the invoices a filterModel names', async () => {
      const [a, b] = [await company.invoice(9), await company.invoice(10)];
      const filter = encodeURIComponent(JSON.stringify({ id: { filterType: 'set', values: [a.id] } }));
      await sync(company.token, `bottle-pos/sync-invoices?filterModel=${filter}`);
      expect(pushesOf(a.id)).toBe(1);
      expect(pushesOf(b.id)).toBe(0);
    });

    it('refuses a bad filterModel with 400 and names another company as 404', async () => {
      for (const filterModel of ['nope', '{"total":{"filter":1}}', '{"id":{"values":["1 OR 1=1"]}}']) {
        const response = await api.get(
          `bottle-pos/sync-invoices?filterModel=${encodeURIComponent(filterModel)}`,
          company.token,
        );
        expect(response.status).toBe(400);
        expect(response.body.details[0].field).toBe('filterModel');
      }
      expect((await api.get('bottle-pos/sync-products?onlyFirstChunk=maybe', company.token)).status).toBe(
        400,
      );
      expect((await api.get('bottle-pos/sync-log/not-a-uuid', company.token)).status).toBe(404);
      const other = await aCompany(['bottle_pos']);
      const syncId = (await api.get('bottle-pos/sync/history', company.token)).body.lastSync.syncId;
      await expectOtherCompanyGets404(
        api,
        other.token,
        [
          { method: 'GET', path: `bottle-pos/sync-log/${syncId}` },
          { method: 'GET', path: `bottle-pos/sync-invoices?company_id=${company.companyId}` },
        ],
        ['HOUSE MERLOT'],
      );
    });

    it('pushes products, the first chunk only when asked', async () => {
      const syncId = await sync(company.token, 'bottle-pos/sync-products?onlyFirstChunk=true');
      for (const id of company.products) expect(bottle.writesOf(`/api/v1/products/${id}`)).toHaveLength(1);
      const log = (await api.get(`bottle-pos/sync-log/${syncId}`, company.token)).body;
      expect(log.map((row: any) => row.type)).toEqual(['Product', 'Product', 'Product']);
    });
  });

  describe('Clover (configured credentials, Clover-shaped server)', () => {
    let company: Awaited<ReturnType<typeof aCompany>>;

    beforeAll(async () => {
      company = await aCompany(['clover']);
    });

    it('creates an item per product with its stock, then updates the same items', async () => {
      await sync(company.token, 'clover/sync-products');
      const created = clover
        .writesOf(`/v3/merchants/${CLOVER_MERCHANT}/items`)
        .filter((r) => r.path.endsWith('/items'));
      expect(created).toHaveLength(3);
      expect(created[0]!.body).toMatchObject({ priceType: 'FIXED', sku: expect.any(String) });
      expect(clover.writesOf(`/v3/merchants/${CLOVER_MERCHANT}/item_stocks/`)).toHaveLength(3);

      // Clover keeps the catalogue while on: the price changes with the feature off for a moment.
      await setFeature(app.app, company.companyId, 'clover', false);
      await settle();
      const changed = await api.put(
        `product/${company.products[0]}`,
        { product_price: 10.49 },
        company.token,
      );
      expect(changed.status).toBeLessThan(300);
      await setFeature(app.app, company.companyId, 'clover');
      await settle();
      clover.reset();
      await sync(company.token, 'clover/sync-products');
      // only the changed product, updated in place (POST on the item), none created
      const writes = clover.writesOf(`/v3/merchants/${CLOVER_MERCHANT}/items`);
      expect(writes.map((r) => r.path.replace(/[A-Z0-9]{13}$/, 'ID'))).toEqual([
        `/v3/merchants/${CLOVER_MERCHANT}/items/ID`,
      ]);
      expect(writes[0]!.body).toMatchObject({ price: 1049 });
    });

    it('pushes an invoice as one atomic order', async () => {
      const invoice = await company.invoice(2);
      clover.reset();
      await sync(company.token, 'clover/sync-invoices');
      const orders = clover.writesOf(`/v3/merchants/${CLOVER_MERCHANT}/atomic_order/orders`);
      expect(orders).toHaveLength(1);
      expect(orders[0]!.body).toMatchObject({
        orderCart: {
          title: `Invoice ${invoice.number}`,
          lineItems: [{ name: 'HOUSE MERLOT 750ml', price: 899, unitQty: 2000 }],
        },
      });
    });

    it('creates an order once when its answer was lost: the retry finds it by our reference', async () => {
      const invoice = await company.invoice(4);
      clover.reset();
      clover.fault = 'lostAnswer'; // Clover saves the order, the connection drops before the answer
      const failed = await sync(company.token, 'clover/sync-invoices');
      const orders = () =>
        clover
          .writesOf(`/v3/merchants/${CLOVER_MERCHANT}/atomic_order/orders`)
          .filter(
            (r) =>
              (r.body as { orderCart: { title: string } }).orderCart.title === `Invoice ${invoice.number}`,
          );
      expect(orders()).toHaveLength(1);
      const history = await api.get('clover/sync/history', company.token);
      expect(history.body.syncs.find((s: { syncId: string }) => s.syncId === failed)).toMatchObject({
        status: 'failed',
      });
      const reference = (orders()[0]!.body as { orderCart: { externalReferenceId: string } }).orderCart
        .externalReferenceId;
      expect(reference).toMatch(/^[A-Z2-7]{12}$/);

      clover.fault = 'none';
      const retried = await sync(company.token, 'clover/sync-invoices');
      expect(orders()).toHaveLength(1); // found, not created again
      const lookups = clover.requests.filter(
        (r) => r.method === 'GET' && r.query.get('filter') === `externalReferenceId=${reference}`,
      );
      expect(lookups.length).toBeGreaterThanOrEqual(2);
      const log = await api.get(`clover/sync-log/${retried}`, company.token);
      expect(log.status).toBe(200);
      const { rows } = await app.runtime.pool.query<{ ok: boolean; external_id: string }>(
        `SELECT ok, external_id FROM rm_integration_item
          WHERE company_id = $1 AND partner = 'clover' AND kind = 'invoice' AND item_id = $2`,
        [company.companyId, invoice.id],
      );
      expect(rows).toEqual([{ ok: true, external_id: expect.stringMatching(/^[A-Z0-9]{13}$/) }]);
    });

    it("says a Clover product 'has not been updated' when its push failed; another company's product is 404", async () => {
      const own = await aCompany(['clover']);
      const never = await api.get(`clover/product/${own.products[0]}`, own.token);
      expect(never.body).toEqual({
        product_id: own.products[0],
        state: 'never',
        updatedAt: null,
        sync_id: null,
        message: null,
      });
      clover.reset();
      clover.fault = 'reject'; // Clover refuses each item (422): each product fails, the sync goes on
      const syncId = await sync(own.token, 'clover/sync-products');
      clover.reset();
      const failed = await api.get(`clover/product/${own.products[0]}`, own.token);
      expect(failed.status).toBe(200);
      expect(failed.body).toMatchObject({ state: 'failed', sync_id: syncId, updatedAt: expect.any(String) });
      expect(failed.body.message).toMatch(/^Clover product HOUSE MERLOT has not been updated: /);

      await sync(own.token, 'clover/sync-products');
      expect((await api.get(`clover/product/${own.products[0]}`, own.token)).body).toMatchObject({
        state: 'synced',
        message: null,
      });

      const other = await aCompany(['clover']);
      const foreign = await api.get(`clover/product/${own.products[0]}`, other.token);
      expect(foreign.status).toBe(404);
      expect((await api.get('clover/product/not-a-uuid', other.token)).status).toBe(404);
      expect((await api.get(`clover/product/${own.products[0]}`, (await aCompany([])).token)).status).toBe(
        403,
      );
    });

    it('pushes the stock levels after each invoice sync and on request, and raises the inventory push error', async () => {
      const own = await aCompany(['clover']);
      const merlot = own.products[0]!;
      const stocks = () => clover.writesOf(`/v3/merchants/${CLOVER_MERCHANT}/item_stocks/`);
      const lastSync = async () => (await api.get('clover/sync/history', own.token)).body.lastSync;
      await sync(own.token, 'clover/sync-products');
      const invoice = await own.invoice(3);
      clover.reset();

      // with the other syncs: the invoice sync, then the stock levels (the invoice took 3 bottles of merlot)
      await sync(own.token, 'clover/sync-invoices');
      expect(clover.writesOf(`/v3/merchants/${CLOVER_MERCHANT}/atomic_order/orders`)).toHaveLength(1);
      expect(stocks()).toHaveLength(3);
      const merlotItem = (
        await app.runtime.pool.query<{ external_id: string }>(
          `SELECT external_id FROM rm_integration_item
            WHERE company_id = $1 AND partner = 'clover' AND kind = 'product' AND item_id = $2`,
          [own.companyId, merlot],
        )
      ).rows[0]!.external_id;
      expect(stocks().find((r) => r.path.endsWith(`/${merlotItem}`))!.body).toEqual({ quantity: -3 });
      const pushed = await lastSync();
      expect(pushed).toMatchObject({ kind: 'inventory', status: 'success', synced: 3, failed: 0 });
      const log = (await api.get(`clover/sync-log/${pushed.syncId}`, own.token)).body;
      expect(log.map((row: any) => row.success_log?.message)).toContain('Stock of HOUSE MERLOT set to -3.');

      // the invoice lists its request to Clover
      const viewed = await api.get(`invoice/${invoice.id}`, own.token);
      expect(viewed.body.company_id).toBe(own.companyId);
      expect(viewed.body.cloverApiRequestLog).toEqual([
        {
          id: expect.any(String),
          sync_id: expect.any(String),
          createdAt: expect.any(String),
          success_log: { message: `Invoice ${invoice.number} synced.` },
          error_log: null,
          external_id: expect.stringMatching(/^[A-Z0-9]{13}$/),
        },
      ]);

      // on request, only what changed is pushed
      clover.reset();
      const again = await sync(own.token, 'clover/sync-inventory');
      expect(stocks()).toHaveLength(0);
      expect(await lastSync()).toMatchObject({ syncId: again, kind: 'inventory', synced: 0, failed: 0 });

      // Clover fails while the stock levels go out: the push stops, and the company hears of it live
      const socket = liveClient(app.baseUrl, own.token);
      try {
        await socket.hello;
        await own.invoice(1);
        clover.reset();
        clover.fault = 'error500';
        clover.failAfter = 1; // the invoice's order goes through, then Clover fails
        await sync(own.token, 'clover/sync-invoices');
        clover.reset();
        const failed = await lastSync();
        expect(failed).toMatchObject({
          kind: 'inventory',
          status: 'failed',
          error: 'Clover failed with an error (500).',
        });
        const raised = await socket.next((r) => r.event === 'clover:inventory-push-error');
        expect(raised.message).toMatchObject({
          syncId: failed.syncId,
          error: 'Clover failed with an error (500).',
        });

        // Clover refuses the level: that product fails, the push goes on, and the error is raised too
        clover.fault = 'reject';
        const refused = await sync(own.token, 'clover/sync-inventory');
        clover.reset();
        expect(await lastSync()).toMatchObject({ syncId: refused, status: 'success', synced: 0, failed: 1 });
        const refusedLog = (await api.get(`clover/sync-log/${refused}`, own.token)).body;
        expect(refusedLog.map((row: any) => row.error_log?.message)).toEqual([
          'Stock of HOUSE MERLOT (-4) failed: Clover refused it (422).',
        ]);
        await socket.next((r) => r.event === 'clover:inventory-push-error' && r.message.syncId === refused);
        const history = (await api.get('clover/sync/history', own.token)).body;
        expect(history.failedProductSyncLog.map((row: any) => row.sync_id)).toEqual(
          expect.arrayContaining([refused, failed.syncId]),
        );

        // once Clover takes it again, the level left behind goes
        await sync(own.token, 'clover/sync-inventory');
        expect(stocks().map((r) => r.body)).toEqual([{ quantity: -4 }]);
      } finally {
        socket.close();
      }
      expect((await api.get('clover/sync-inventory', (await aCompany([])).token)).status).toBe(403);
    });

    it('never shows the credentials in events, activity, answers or logs, even when Clover refuses them', async () => {
      await company.invoice(3);
      clover.fault = 'unauthorized';
      const syncId = await sync(company.token, 'clover/sync-invoices');
      clover.reset();
      const history = await api.get('clover/sync/history', company.token);
      expect(history.body.lastSync).toMatchObject({
        syncId,
        status: 'failed',
        error: 'Clover refused the credentials (401).',
      });
      const log = await api.get(`clover/sync-log/${syncId}`, company.token);
      const activity = await api.get('user/user-activity/grid?startRow=0&endRow=50', company.token);
      const { rows } = await app.runtime.pool.query<{ text: string }>(
        `SELECT data::text || metadata::text AS text FROM events WHERE stream_id = $1
         UNION ALL SELECT details::text FROM rm_activity WHERE company_id = $2
         UNION ALL SELECT coalesce(error, '') FROM rm_integration_sync WHERE company_id = $2::uuid
         UNION ALL SELECT data::text FROM rm_integration_sync_log WHERE company_id = $2::uuid`,
        [`integrations-${company.companyId}`, company.companyId],
      );
      const everything = [
        JSON.stringify(history.body),
        JSON.stringify(log.body),
        JSON.stringify(activity.body),
        ...rows.map((row) => row.text),
        ...warnings,
      ].join('\n');
      expect(everything).toContain('refused the credentials');
      expect(everything).not.toContain(CLOVER_TOKEN);
      expect(everything).not.toContain(CLOVER_MERCHANT);
    });
  });

  describe('exports', () => {
    it('Bottle POS JSON: the invoices of the grid filter in the Bottle POS shape, as a file', async () => {
      const company = await aCompany(['bottle_pos']);
      const [a, b] = [await company.invoice(2), await company.invoice(5)];
      const all = await api.get('bottle-pos/export-invoices', company.token);
      expect(all.status).toBe(200);
      expect(all.headers.get('content-type')).toMatch(/^application\/json/);
      expect(all.headers.get('content-disposition')).toMatch(
        /^attachment; filename="bottle_pos_invoices_\d{2}_[A-Z][a-z]{2}_\d{4}\.json"$/,
      );
      expect((all.body as any[]).map((invoice) => invoice.number).sort()).toEqual(
        [a.number, b.number].sort(),
      );
      expect((all.body as any[]).find((invoice) => invoice.number === b.number)).toMatchObject({
        invoice_id: b.id,
        customer: { name: 'The Rusty Nail', license: 'MB123456' },
        items: [{ name: 'HOUSE MERLOT', qty: 5, unit_price: '8.99', total: '44.95' }],
        subtotal: '44.95',
        total: '48.66', // 8.25 % tax
      });
      const filter = encodeURIComponent(
        JSON.stringify({ number: { filterType: 'text', type: 'equals', filter: a.number } }),
      );
      const one = await api.get(`bottle-pos/export-invoices?filterModel=${filter}`, company.token);
      expect((one.body as any[]).map((invoice) => invoice.number)).toEqual([a.number]);
      const none = await api.get(
        `bottle-pos/export-invoices?filterModel=${encodeURIComponent('{"number":{"filterType":"text","type":"equals","filter":"999999"}}')}`,
        company.token,
      );
      expect(none.body).toEqual([]);
      expect((await api.get('bottle-pos/export-invoices?filterModel=nope', company.token)).status).toBe(400);
      const other = await aCompany([]);
      expect((await api.get('bottle-pos/export-invoices', other.token)).status).toBe(403);
    });

    it('Fintech CSV: lines of invoices of fintech customers only, unit EA, the reference prefix', async () => {
      const owner = await signUpOwner(api);
      const fintech = (
        await api.post('customer', { ...RUSTY_NAIL, fintech_option: 1, fintech_id: 'FT-778' }, owner.token)
      ).body.id;
      const plain = (
        await api.post('customer', { ...RUSTY_NAIL, name: 'Cash Only Bar', tabc_id: 'MB654321' }, owner.token)
      ).body.id;
      const product = (await api.post('product', wine('House Merlot', 8.99), owner.token)).body.id;
      const invoiceFor = async (customer: string) =>
        (
          await api.post(
            'invoice',
            { customer_id: customer, items: [{ product_id: product, qty: 3, price: 8.99 }], force: true },
            owner.token,
          )
        ).body as { number: string };
      const withFintech = await invoiceFor(fintech);
      await invoiceFor(plain);
      expect((await api.get('invoice/export/fintech', owner.token)).status).toBe(403);
      await setFeature(app.app, owner.user.company_id, 'fintech');
      await settle();
      const csv = await api.get('invoice/export/fintech', owner.token);
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-disposition')).toMatch(
        /^attachment; filename="invoices_fintech_\d{2}_[A-Z][a-z]{2}_\d{4}\.csv"$/,
      );
      const lines = String(csv.body).trim().split(/\r?\n/);
      expect(lines[0]).toBe(
        'Retailer Fintech ID,Distributor Fintech ID,Reference,Invoice Date,Due Date,Retailer,Retailer TABC ID,UPC,Product,Size,Quantity,Unit of Measure,Unit Price,Line Total,Invoice Total',
      );
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatch(new RegExp(`^FT-778,,INV-${withFintech.number},`));
      expect(lines[1]).toContain(',HOUSE MERLOT,750ml,3,EA,8.99,26.97,');
    });
  });

  describe('the sales platform (mpower)', () => {
    it('syncs one invoice and answers its result; again: up to date; a failure answers the reason', async () => {
      const company = await aCompany(['mpower']);
      const invoice = await company.invoice(2);
      const mpower = await app.app.get(IntegrationPartners).localServer('mpower');
      expect((await api.get(`mpower/${invoice.id}`, company.token)).body).toEqual({
        status: 'never',
        updatedAt: null,
        error: null,
      });
      const first = await api.get(`mpower/${invoice.id}/sync`, company.token);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({
        success: true,
        message: `Invoice #${invoice.number} synced with the sales platform.`,
        record: { status: 'synced', updatedAt: expect.any(String), error: null },
      });
      expect(mpower.writesOf(`/api/v1/invoices/${invoice.id}`)).toHaveLength(1);
      const again = await api.get(`mpower/${invoice.id}/sync`, company.token);
      expect(again.body).toMatchObject({
        success: true,
        message: `Invoice #${invoice.number} is up to date on the sales platform.`,
      });
      expect(mpower.writesOf(`/api/v1/invoices/${invoice.id}`)).toHaveLength(1);

      const other = await company.invoice(3);
      mpower.fault = 'error500';
      const failed = await api.get(`mpower/${other.id}/sync`, company.token);
      mpower.reset();
      expect(failed.body).toEqual({
        success: false,
        message: 'The sales platform failed with an error (500).',
        record: { status: 'never', updatedAt: null, error: null },
      });
      await settle();
      const activity = await api.get(
        `user/user-activity/grid?startRow=0&endRow=10&filterModel=${encodeURIComponent(
          JSON.stringify({ module: { filterType: 'set', values: ['MPOWER'] } }),
        )}`,
        company.token,
      );
      expect(activity.body.rows.map((row: any) => [row.type, row.success])).toEqual([
        ['INVOICE_SYNC', false],
        ['INVOICE_SYNC', true],
        ['INVOICE_SYNC', true],
        ['FEATURE_ON', true], // switching mpower on is under MPOWER too
      ]);
      expect((await api.get(`mpower/not-a-uuid/sync`, company.token)).status).toBe(404);
      const stranger = await aCompany(['mpower']);
      expect((await api.get(`mpower/${invoice.id}/sync`, stranger.token)).status).toBe(404);
      expect((await api.get(`mpower/${invoice.id}`, stranger.token)).status).toBe(404);
      const off = await aCompany([]);
      expect((await api.get(`mpower/${invoice.id}/sync`, off.token)).status).toBe(403);
    });
  });

  describe('fintech sync', () => {
    it('syncs invoices of fintech customers once, refuses the others, and logs each sync by invoice', async () => {
      const owner = await signUpOwner(api);
      const customer = (
        await api.post('customer', { ...RUSTY_NAIL, fintech_option: 1, fintech_id: 'FT-9' }, owner.token)
      ).body.id;
      const plain = (
        await api.post('customer', { ...RUSTY_NAIL, name: 'Cash Bar', tabc_id: 'MB222333' }, owner.token)
      ).body.id;
      const product = (await api.post('product', wine('House Merlot', 8.99), owner.token)).body.id;
      const invoiceFor = async (id: string) =>
        (
          await api.post(
            'invoice',
            { customer_id: id, items: [{ product_id: product, qty: 2, price: 8.99 }], force: true },
            owner.token,
          )
        ).body as { id: string; number: string };
      const good = await invoiceFor(customer);
      const bad = await invoiceFor(plain);
      expect((await api.post('fintech/sync', { invoiceIds: [good.id] }, owner.token)).status).toBe(403);
      await setFeature(app.app, owner.user.company_id, 'fintech');
      await settle();
      const fintech = await app.app.get(IntegrationPartners).localServer('fintech');

      const first = await api.post('fintech/sync', { invoiceIds: [good.id, bad.id] }, owner.token);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({
        syncId: expect.any(String),
        success: false,
        synced: 1,
        failed: 1,
        error: null,
      });
      const pushed = fintech.writesOf('/api/v1/invoices');
      expect(pushed).toHaveLength(1);
      expect(pushed[0]!.body).toMatchObject({
        reference: `INV-${good.number}`,
        retailer_fintech_id: 'FT-9',
        lines: [{ quantity: 2, unit_of_measure: 'EA', unit_price: '8.99' }],
      });
      expect(pushed[0]!.headers['idempotency-key']).toMatch(new RegExp(`^${good.id}:[0-9a-f]{64}$`));

      const again = await api.post('fintech/sync', { invoiceIds: [good.id] }, owner.token);
      expect(again.body).toMatchObject({ success: true, synced: 0, failed: 0 });
      expect(fintech.writesOf('/api/v1/invoices')).toHaveLength(1);
      const log = await api.get(`fintech/sync-log?invoiceIds=${bad.id}`, owner.token);
      expect(log.status).toBe(200);
      expect(log.body).toEqual([
        {
          id: first.body.syncId,
          invoice_ids: [good.id, bad.id],
          createdAt: expect.any(String),
          success_log: null,
          error_log: {
            step: 'invoice',
            message: `Invoice ${bad.number} failed: The customer has no fintech id.`,
          },
        },
      ]);
      const goodLog = (await api.get(`fintech/sync-log?invoiceIds=${good.id}`, owner.token)).body;
      expect(goodLog.map((entry: any) => entry.success_log?.message ?? entry.error_log.step)).toEqual([
        '0 invoice(s) synced.',
        'invoice',
      ]);
      // the client's specification passes invoiceIds as a parameter: comma-separated or repeated, no body
      const byQuery = await api.post(`fintech/sync?invoiceIds=${good.id},${bad.id}`, undefined, owner.token);
      expect(byQuery.status).toBe(200);
      expect(byQuery.body).toMatchObject({ success: false, synced: 0, failed: 1 });
      const repeated = await api.post(
        `fintech/sync?invoiceIds=${good.id}&invoiceIds=${good.id}`,
        {},
        owner.token,
      );
      expect(repeated.body).toMatchObject({ success: true, synced: 0, failed: 0 });
      expect(fintech.writesOf('/api/v1/invoices')).toHaveLength(1);
      expect((await api.post('fintech/sync?invoiceIds=nope', undefined, owner.token)).status).toBe(400);

      for (const body of [{}, { invoiceIds: [] }, { invoiceIds: ['nope'] }])
        expect((await api.post('fintech/sync', body, owner.token)).status).toBe(400);
      expect((await api.get('fintech/sync-log?invoiceIds=nope', owner.token)).status).toBe(400);
      const stranger = await signUpOwner(api);
      await setFeature(app.app, stranger.user.company_id, 'fintech');
      await settle();
      expect((await api.post('fintech/sync', { invoiceIds: [good.id] }, stranger.token)).status).toBe(404);
      expect((await api.get(`fintech/sync-log?invoiceIds=${good.id}`, stranger.token)).body).toEqual([]);
    });
  });

  it('rebuilds the sync history, logs and records to the same rows', async () => {
    await settle();
    const rows = async () => {
      const read = async (sql: string) => (await app.runtime.pool.query(sql)).rows;
      return {
        syncs: await read('SELECT * FROM rm_integration_sync ORDER BY sync_id'),
        log: await read('SELECT * FROM rm_integration_sync_log ORDER BY event_id'),
        items: await read('SELECT * FROM rm_integration_item ORDER BY company_id, partner, kind, item_id'),
      };
    };
    const before = await rows();
    expect(before.syncs.length).toBeGreaterThan(10);
    await rebuildProjection(app.runtime.pool, app.runtime.store, integrationsProjection, { batchSize: 3 });
    expect(await rows()).toEqual(before);
  });
});
