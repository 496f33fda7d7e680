import { randomUUID } from 'node:crypto';
import { createPool, type Pool } from '#infra/db/database.js';
import { migrate } from '#infra/db/migrate.js';
import { PostgresEventStore } from '#engine';
import { allProjections } from '#projections/index.js';
import { formatStatusTable, ProjectionRunner, type ProjectionStatus } from '#engine';
import { createTestDatabase } from '../support/database.js';

/**
 * Projections run in whichever process holds their lock; `projections:status` names that process,
 * since when, and the one it took over from, so a takeover (a process stopped, or its database session cut) shows.
 */
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

describe('Projection takeover in projections:status', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: Pool;
  let store: PostgresEventStore;
  const runners: ProjectionRunner[] = [];
  const runner = (processName: string, lockRetryMs: number) => {
    const r = new ProjectionRunner(pool, store, allProjections, { processName, lockRetryMs, logger: quiet });
    runners.push(r);
    return r;
  };
  const holders = (statuses: ProjectionStatus[]) => [...new Set(statuses.map((s) => s.heldBy))];

  beforeAll(async () => {
    db = await createTestDatabase('takeover');
    await migrate(db.url);
    pool = createPool(db.url, 8);
    store = new PostgresEventStore(db.url, { pollIntervalMs: 50 }, pool);
    await store.appendToStreams([
      {
        stream: `activity-${randomUUID()}`,
        expected: 'no_stream',
        events: [
          {
            id: randomUUID(),
            type: 'UserSignedIn',
            data: { userId: randomUUID(), email: 'a@example.com', method: 'password' },
            metadata: { companyId: randomUUID(), occurredAt: new Date().toISOString(), schemaVersion: 1 },
          },
        ],
      },
    ]);
  });

  afterAll(async () => {
    for (const r of runners) await r.stop();
    await store?.close();
    await pool?.end();
    await db?.drop();
  });

  it('names the holding process, then the one that took over when its session was cut and when it stopped', async () => {
    const first = runner('api-1', 60_000); // retries its locks once a minute: the others win a takeover
    await first.start();
    const second = runner('api-2', 100);
    await second.start();

    let statuses = await second.status();
    expect(holders(statuses)).toEqual(['api-1']);
    expect(
      statuses.every((s) => !s.runningHere && s.lastHolder === 'api-1' && s.previousHolder === null),
    ).toBe(true);
    expect(formatStatusTable(statuses)).toMatch(/ api-1 since \d\d:\d\d:\d\dZ /);

    // The first process's lock session is cut (a crashed process, a network split): the second takes every
    // projection over at its next lock retry.
    await pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'stampline-projections api-1'`,
    );
    await eventually(async () => holders(await second.status()).join() === 'api-2');
    await first.stop();
    statuses = await second.status();
    expect(statuses.every((s) => s.runningHere && s.previousHolder === 'api-1')).toBe(true);
    expect(formatStatusTable(statuses)).toMatch(/ api-2 since \d\d:\d\d:\d\dZ \(took over from api-1\) /);

    // A third process waits; the second stops: the third takes over.
    const third = runner('api-3', 100);
    await third.start();
    expect(holders(await third.status())).toEqual(['api-2']);
    await second.stop();
    await eventually(async () => holders(await third.status()).join() === 'api-3');
    statuses = await third.status();
    expect(statuses.every((s) => s.runningHere && s.previousHolder === 'api-2')).toBe(true);
    expect(formatStatusTable(statuses)).toMatch(/ api-3 since \d\d:\d\d:\d\dZ \(took over from api-2\) /);

    // Nobody holds them once every process stopped; the status names the last one.
    await third.stop();
    statuses = await first.status();
    expect(holders(statuses)).toEqual([null]);
    expect(formatStatusTable(statuses)).toMatch(/ nobody \(last api-3\)/);
  });
});

async function eventually(condition: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
