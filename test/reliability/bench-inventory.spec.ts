import { spawnSync } from 'node:child_process';
import { measureInventory } from '../bench/bench-inventory.js';
import { startTestApp, type TestApp } from '../support/app.js';

// The bench's inventory section (`BENCH_ONLY=inventory`), run small: a change that breaks the instrument — the
// grid's count or page against hand-written SQL, a restock not visible in the grid, a CSV short of rows or with
// another stock total, COPY of another row count — fails here, not only in a bench run nobody reads. No timings
// are asserted.
describe('Bench: inventory', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('holds every check with 600 products: grid counts and pages, a 50-item restock visible, the CSV whole', async () => {
    const result = await measureInventory(app, {
      products: 600,
      saleLines: 3_000,
      restockItems: 50,
      restocks: 1,
      samples: 3,
      warmUp: 1,
      copy: spawnSync('psql', ['--version']).status === 0, // COPY TO STDOUT goes through psql when there is one
    });
    expect(result.problems).toEqual([]);
    expect(result.rows).toBe(594); // one product in 100 archived
    expect(result.figures.filter((figure) => figure.check === 'FAILED')).toEqual([]);
    expect(result.figures.map((figure) => figure.measure)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^grid, 600 products: default sort/),
        expect.stringMatching(/^restock of 50 items/),
        expect.stringMatching(/^inventory CSV, 594 rows/),
      ]),
    );
  }, 120_000);
});
