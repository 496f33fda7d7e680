import { IntegrationPartners } from '../../apps/api/src/integrations/partners.provider.js';
import { SyncRunner } from '../../apps/api/src/integrations/sync-runner.js';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { setFeature } from '../support/cli.js';
import { createTestDatabase } from '../support/database.js';
import { apiClient, signUpOwner } from '../support/http.js';

/**
 * A sync cut off by a stopping server is resumed by the next one, and pushes only what was not pushed; two servers
 * starting at once on the same database resume it in one of them only (an advisory lock on the sync).
 */
describe('Integrations: a sync survives a restart', () => {
  it('resumes a running sync at start and pushes each invoice once', async () => {
    const database = await createTestDatabase('sync-restart');
    const env = { INTEGRATION_TIMEOUT_MS: '300', INTEGRATION_RATE_PER_SECOND: '200' };
    let first: TestApp | undefined = await startTestApp(env, { database });
    let second: TestApp | undefined;
    let third: TestApp | undefined;
    try {
      const api = apiClient(first.baseUrl);
      const owner = await signUpOwner(api);
      const customer = (await api.post('customer', RUSTY_NAIL, owner.token)).body.id;
      const product = (
        await api.post(
          'product',
          {
            product: 'House Merlot',
            product_type: 'wine',
            product_size: '750ml',
            product_price: 8.99,
            last_purchase_price: 4,
          },
          owner.token,
        )
      ).body.id;
      const ids: string[] = [];
      for (const qty of [1, 2, 3]) {
        const created = await api.post(
          'invoice',
          { customer_id: customer, items: [{ product_id: product, qty, price: 8.99 }], force: true },
          owner.token,
        );
        ids.push(created.body.id);
      }
      await setFeature(first.app, owner.user.company_id, 'bottle_pos');
      await first.runtime.projections.waitFor(await first.runtime.store.headCheckpoint());

      const bottle = await first.app.get(IntegrationPartners).localServer('bottle_pos');
      bottle.fault = 'slow';
      bottle.slowMs = 5_000;
      bottle.failAfter = 1; // the first push is answered, the next one hangs: the server stops meanwhile
      const started = await api.get('bottle-pos/sync-invoices', owner.token);
      const { syncId } = started.body as { syncId: string };
      for (let i = 0; i < 200 && bottle.writesOf('/api/v1/invoices/').length < 1; i++)
        await new Promise((resolve) => setTimeout(resolve, 10));
      const pushedFirst = bottle.writesOf('/api/v1/invoices/').map((r) => r.path.split('/').pop());
      expect(pushedFirst).toHaveLength(1);
      await first.close();
      first = undefined;

      [second, third] = await Promise.all([startTestApp(env, { database }), startTestApp(env, { database })]);
      const servers = await Promise.all(
        [second, third].map((app) => app.app.get(IntegrationPartners).localServer('bottle_pos')),
      );
      await Promise.all([second, third].map((app) => app.app.get(SyncRunner).idle()));
      await second.runtime.projections.waitFor(await second.runtime.store.headCheckpoint());
      const pushedAfter = servers.flatMap((server) =>
        server.writesOf('/api/v1/invoices/').map((r) => r.path.split('/').pop()),
      );
      expect([...pushedFirst, ...pushedAfter].sort()).toEqual([...ids].sort());

      const history = await apiClient(second.baseUrl).get('bottle-pos/sync/history', owner.token);
      expect(history.body.lastSync).toMatchObject({ syncId, status: 'success', synced: 3, failed: 0 });
    } finally {
      await first?.close();
      await second?.close();
      await third?.close();
      await database.drop();
    }
  });
});
