import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWorker, type RunningWorker } from '../../apps/worker/src/worker.js';
import { loadConfig } from '../../apps/api/src/infra/config/config.js';
import { aCompanyWithAnInvoice } from '../support/api-fixtures.js';
import { startTestApp, type TestApp, type TestDatabase } from '../support/app.js';
import { createTestDatabase } from '../support/database.js';
import { apiClient } from '../support/http.js';
import { liveClient } from '../support/live.js';

/**
 * `apps/worker` runs every projection without HTTP; API processes started with PROJECTIONS=off run
 * none, yet a command still returns after the read models caught up (read-your-writes through
 * projection_checkpoints), and each API process's live feed delivers the events to its sockets.
 */
describe('Projections worker beside API processes', () => {
  let database: TestDatabase;
  let dataDir: string;
  let worker: RunningWorker;
  let one: TestApp;
  let two: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase('worker');
    dataDir = mkdtempSync(join(tmpdir(), 'stampline-worker-'));
    worker = await startWorker(
      loadConfig({
        ...process.env,
        DATABASE_URL: database.url,
        SEED_DEMO: 'false',
        SMTP_URL: '',
        DATA_DIR: dataDir,
      }),
    );
    one = await startTestApp({ PROJECTIONS: 'off', DATA_DIR: dataDir }, { database });
    two = await startTestApp({ PROJECTIONS: 'off', DATA_DIR: dataDir }, { database });
  });

  afterAll(async () => {
    await one?.close();
    await two?.close();
    await worker?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs every projection in the worker and none in the API processes', async () => {
    expect((await worker.runtime.projections.status()).every((s) => s.runningHere)).toBe(true);
    for (const app of [one, two]) {
      const statuses = await app.runtime.projections.status();
      expect(
        statuses.every((s) => !s.runningHere && s.heldBy === worker.runtime.projections.processName),
      ).toBe(true);
    }
  });

  it('answers a command on one API process after the read models caught up, and tells sockets on the other', async () => {
    const a = apiClient(one.baseUrl);
    const b = apiClient(two.baseUrl);
    const company = await aCompanyWithAnInvoice(a);
    expect((await b.post('company/feature', { name: 'payment', active: true }, company.token)).status).toBe(
      200,
    );
    const socket = liveClient(two.baseUrl, company.token);
    try {
      await socket.hello;
      const started = performance.now();
      const invoice = await a.post(
        `invoice/${company.invoiceId}/payment`,
        { amount: '10', received_at: new Date().toISOString().slice(0, 10) },
        company.token,
      );
      const ms = performance.now() - started;
      expect(invoice.status).toBe(201);
      expect(ms).toBeLessThan(3000); // the read-your-writes wait, not its 5 s limit
      // The next page, on the other process, shows it.
      const read = await b.get(`invoice/${company.invoiceId}`, company.token);
      expect(read.body.payments).toEqual([expect.objectContaining({ amount: 10 })]);
      await socket.next((r) => r.event === 'payment:changed');
    } finally {
      socket.close();
    }
  });
});
