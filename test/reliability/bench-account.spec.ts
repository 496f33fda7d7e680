import { jest } from '@jest/globals';
import { runAccountBench } from '../bench/bench-account.js';
import { startTestApp, type TestApp } from '../support/app.js';

// The payments-on-account bench (`BENCH_ONLY=account`), run small: a change that breaks the instrument — the route,
// the application oldest first, its check — fails here. No timing is asserted.
describe('Bench: payments on account', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ SEED_DEMO: 'false' });
    jest.spyOn(console, 'log').mockImplementation(() => {});
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await app.close();
  });

  it('holds its check: every invoice paid, the rest left as credit', async () => {
    const figures = await runAccountBench(app, { invoices: 5, samples: 2, warmup: 1 });
    expect(figures.filter((f) => f.check !== 'ok').map((f) => f.note)).toEqual([]);
    expect(figures[0]!.value).toMatch(/^p50 [\d.]+ ms, p95 [\d.]+ ms/);
  }, 300_000);
});
