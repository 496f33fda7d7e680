import { jest } from '@jest/globals';
import { runOrderBench } from '../bench/bench-orders.js';
import { startTestApp, type TestApp } from '../support/app.js';

// The orders bench (`BENCH_ONLY=orders`), run small: a change that breaks the instrument — placement, the order
// grid's rows or count, the grid's SQL twin — fails here, not only in a bench run nobody reads. No timing is asserted.
describe('Bench: orders', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
    jest.spyOn(console, 'log').mockImplementation(() => {});
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await app.close();
  });

  it('holds its checks: every placed order visible at once, numbers gapless, its staff e-mail sent, grid rows and counts equal the SQL', async () => {
    const figures = await runOrderBench(app, {
      clients: 4,
      placements: 24,
      items: 20,
      gridRows: 3_000,
      gridSamples: 3,
      parts: new Set(['place', 'grid']),
      profile: false,
      inWorker: false,
    });
    const failed = figures.filter((f) => f.check !== 'ok').map((f) => `${f.measure}: ${f.note ?? ''}`);
    expect(failed).toEqual([]);
    expect(figures.filter((f) => f.measure.startsWith('grid, 3,000 orders'))).toHaveLength(8);
    expect(figures[0]!.measure).toContain('24 orders');
  }, 180_000);
});
