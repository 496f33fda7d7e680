import { jest } from '@jest/globals';
import { runRecommendBench } from '../bench/bench-recommend.js';
import { startTestApp, type TestApp } from '../support/app.js';

// The recommendations bench (`BENCH_ONLY=recommend`), run small: a change that breaks the instrument — the demo
// seed, the replay of recommendations as of a past day, the HTTP route — fails here. No rate or timing is asserted.
describe('Bench: recommendations', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ SEED_DEMO: 'false' });
    jest.spyOn(console, 'log').mockImplementation(() => {});
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await app.close();
  });

  it('holds its checks: invoices evaluated, recommendations offered, only known products, the route answers', async () => {
    const figures = await runRecommendBench(app, { invoices: 150, lastPerCustomer: 1 });
    const failed = figures.filter((f) => f.check !== 'ok').map((f) => `${f.measure}: ${f.note ?? ''}`);
    expect(failed).toEqual([]);
    expect(figures[0]!.value).toMatch(/^\d+(\.\d)? % \(baseline/);
  }, 300_000);
});
