import pg from 'pg';
import { PostgresEventStore, START } from '#engine';
import { createPool } from '#infra/db/database.js';
import { createTestDatabase } from '../support/database.js';

/*
 * The database cuts every connection (it restarts or fails over to another server) and refuses new ones for a
 * while: the process survives a connection lent out by the pool ending between two of its queries, and the event
 * store's LISTEN comes back by itself once the database answers again.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase('pool_reconnect');
});

afterAll(async () => {
  await database?.drop();
});

it('survives the server ending a lent-out connection between queries, and serves the next caller', async () => {
  const pool = createPool(database.url, 2);
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);
  process.on('uncaughtException', onUncaught);
  try {
    const client = await pool.connect();
    await client.query('BEGIN');
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
    await admin.end();
    // the server's goodbye arrives while no query runs on the client
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(client.query('SELECT 1')).rejects.toThrow();
    client.release();
    const again = await pool.query<{ ok: number }>('SELECT 1 AS ok');
    expect(again.rows[0]!.ok).toBe(1);
    expect(uncaught).toEqual([]);
  } finally {
    process.off('uncaughtException', onUncaught);
    await pool.end();
  }
});

it('listens again by itself once the database accepts connections after refusing them', async () => {
  const base = process.env.TEST_DATABASE_URL!;
  const name = new URL(database.url).pathname.slice(1);
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      return (await client.query<{ n: number }>(sql)).rows;
    } finally {
      await client.end();
    }
  };
  const listening = async () =>
    (
      await admin(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = '${name}' AND application_name = 'stampline-listen'`,
      )
    )[0]!.n;
  const eventually = async (condition: () => Promise<boolean>) => {
    for (let i = 0; i < 100 && !(await condition()); i++) await new Promise((r) => setTimeout(r, 100));
    return condition();
  };
  const store = new PostgresEventStore(database.url, { pollIntervalMs: 50 });
  await store.ensureSchema();
  const subscription = store.subscribeAll(START, async () => {}, { onError: () => {} });
  try {
    expect(await eventually(async () => (await listening()) === 1)).toBe(true);
    await admin(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
    await admin(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`,
    );
    // long enough for the store to try listening again while the database still refuses it
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await admin(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
    expect(await eventually(async () => (await listening()) === 1)).toBe(true);
  } finally {
    await admin(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
    await subscription.close();
    await store.close();
  }
});
