import { commandToVisible } from '../bench/bench-live.js';
import { GRID_EVENT_TYPES } from '../bench/invoice-grid.fixture.js';
import { createPlaceholderTables, placeholderProjections } from '../bench/placeholder-projections.js';
import { createPool } from '#infra/db/database.js';
import { createTestDatabase } from '../support/database.js';

// The bench's live section (`npm run bench`, "command → visible"), run small: a projection change that breaks the
// instrument's check fails here, not only in a bench run nobody reads.
describe('Bench: command → visible', () => {
  it('holds its check with a few hundred commands: each projection applied exactly the events of its types', async () => {
    const db = await createTestDatabase('bench_live');
    try {
      const live = await commandToVisible(db.url, 4, 300);
      expect(live.reasons).toEqual([]);
      expect(live.check).toBe(true);
      expect(live.commands).toBeGreaterThanOrEqual(290);
      // activity (v2) handles invoice events as well as sign-ins: its count includes both.
      const activity = live.perProjection.find((p) => p.name === 'activity')!;
      expect(activity.applied).toBeGreaterThan(live.commands / 5);
      expect(activity.applied).toBe(activity.handled);
    } finally {
      await db.drop();
    }
  }, 60_000);

  it('still holds with more projections subscribed to the invoice events (the bench placeholders)', async () => {
    const db = await createTestDatabase('bench_live_more');
    try {
      const pool = createPool(db.url, 1);
      await createPlaceholderTables(pool, 3);
      await pool.end();
      const live = await commandToVisible(db.url, 4, 200, {
        extraProjections: placeholderProjections(3, GRID_EVENT_TYPES),
      });
      expect(live.reasons).toEqual([]);
      expect(live.perProjection.map((p) => p.name)).toContain('bench_placeholder_3');
      for (const p of live.perProjection) expect(p.applied).toBe(p.handled);
    } finally {
      await db.drop();
    }
  }, 60_000);
});
