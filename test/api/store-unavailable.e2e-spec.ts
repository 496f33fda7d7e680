import { jest } from '@jest/globals';
import pg from 'pg';
import { STORE_UNAVAILABLE } from '../../apps/api/src/infra/http/error-filter.js';
import { startTestApp, type TestApp, type TestDatabase } from '../support/app.js';
import { createTestDatabase } from '../support/database.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { captureServerErrors } from '../support/logs.js';

/*
 * The database goes away under the API (a failover, a restart, maintenance): requests answer 503 with the try-again
 * message and Retry-After, never a 500, and the API serves again by itself once the database is back. A failover
 * cuts every connection and leads to another server, where no session holds this process's locks or LISTEN: the
 * API opens them again itself. A write reaching a read-only server (a standby, before the new leader is found) is a
 * 503 too.
 */
let database: TestDatabase;
let app: TestApp;
let api: ApiClient;
let token: string;
let userId: string;

const admin = async (sql: string) => {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};
const name = () => new URL(database.url).pathname.slice(1);
const cutEveryConnection = () =>
  admin(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name()}' AND pid <> pg_backend_pid()`,
  );
const count = async (sql: string, values: unknown[] = []) => {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query<{ n: number }>(sql, values)).rows[0]!.n;
  } finally {
    await client.end();
  }
};
let customers = 0;
const customer = (name: string) => ({
  name,
  address: '1 Main St',
  city: 'Austin',
  zip: '78701',
  tabc_id: `MB${300_000 + customers++}`,
  cash_on_delivery: 0,
  fintech_option: 0,
});
/** The event store's listening connections. */
const listening = () =>
  count(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'stampline-listen'`,
  );
/** Retries while the API answers 503 (its connections were cut a moment ago), up to 10 s. */
const until = async <T>(attempt: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
  for (let i = 0; ; i++) {
    const value = await attempt();
    if (done(value) || i === 100) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

// The projection runner reports its lost connections and lock on the console while the database is away.
const runnerWarnings = [jest.spyOn(console, 'warn'), jest.spyOn(console, 'error')].map((spy) =>
  spy.mockImplementation(() => undefined),
);

beforeAll(async () => {
  database = await createTestDatabase('unavailable');
  app = await startTestApp({}, { database });
  api = apiClient(app.baseUrl);
  const owner = await signUpOwner(api);
  token = owner.token;
  userId = owner.user.id as string;
});

afterAll(async () => {
  await admin(`ALTER DATABASE "${name()}" ALLOW_CONNECTIONS true`).catch(() => undefined);
  await app?.close();
  await database?.drop();
  for (const spy of runnerWarnings) spy.mockRestore();
});

describe('When the database is unreachable', () => {
  it('answers 503 with Retry-After (reads and commands alike), then serves again once it is back', async () => {
    expect((await api.get('customer/grid?startRow=0&endRow=10', token)).status).toBe(200);
    const errors = captureServerErrors();
    try {
      await admin(`ALTER DATABASE "${name()}" ALLOW_CONNECTIONS false`);
      await admin(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name()}' AND pid <> pg_backend_pid()`,
      );
      const read = await fetch(`${app.baseUrl}/api/v1/customer/grid?startRow=0&endRow=10`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(read.status).toBe(503);
      expect(read.headers.get('retry-after')).toBe('2');
      expect(await read.json()).toEqual({ statusCode: 503, message: STORE_UNAVAILABLE });
      const write = await api.post('customer', { name: 'Lone Star Saloon' }, token);
      expect(write.status).toBe(503);
      expect(write.body.message).toBe(STORE_UNAVAILABLE);
      expect(errors.messages().length).toBeGreaterThan(0);
      // long enough for the event store to try listening again while the database still refuses it
      await new Promise((resolve) => setTimeout(resolve, 2500));
    } finally {
      await admin(`ALTER DATABASE "${name()}" ALLOW_CONNECTIONS true`);
      errors.restore();
    }
    expect((await api.get('customer/grid?startRow=0&endRow=10', token)).status).toBe(200);
    expect(await until(listening, (n) => n === 1)).toBe(1);
  });
});

describe('When the database fails over', () => {
  it('answers 503, not 500, to a write that reaches a read-only server (a standby)', async () => {
    const errors = captureServerErrors();
    try {
      await admin(`ALTER DATABASE "${name()}" SET default_transaction_read_only = on`);
      await cutEveryConnection();
      const write = await until(
        () => api.post('customer', customer('Read Only Tavern'), token),
        (r) => r.status !== 201,
      );
      expect(write.status).toBe(503);
      expect(write.body.message).toBe(STORE_UNAVAILABLE);
    } finally {
      await admin(`ALTER DATABASE "${name()}" RESET default_transaction_read_only`);
      await cutEveryConnection();
      errors.restore();
    }
    const written = await until(
      () => api.post('customer', customer('Read Write Tavern'), token),
      (r) => r.status === 201,
    );
    expect(written.status).toBe(201);
    // The projections retried what the read-only server refused instead of stopping with an error.
    const health = await until(
      () => api.get('health'),
      (r) => r.status === 200,
    );
    expect(health.status).toBe(200);
  });

  it('listens, holds its projection and presence locks again, and takes over its own claim the failure left', async () => {
    expect((await api.post('customer', customer('Before The Cut'), token)).status).toBe(201);
    await cutEveryConnection();

    // The event store's LISTEN and the projection lock session come back by themselves.
    const projectionLocks = () =>
      count(
        `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
          WHERE l.locktype = 'advisory' AND l.granted AND a.datname = current_database()
            AND a.application_name LIKE 'stampline-projections %'`,
      );
    expect(await until(listening, (n) => n === 1)).toBe(1);
    expect(await until(projectionLocks, (n) => n > 0)).toBeGreaterThan(0);

    // The next command sent with a key takes the process's presence lock again.
    const afterTheCut = customer('After The Cut');
    const after = await until(
      () => api.post('customer', afterTheCut, token, { 'idempotency-key': 'after-the-cut' }),
      (r) => r.status === 201,
    );
    expect(after.status).toBe(201);
    const presence = await count(
      `SELECT objid::int AS n FROM pg_locks
        WHERE locktype = 'advisory' AND granted AND objsubid = 2 AND classid = $1::oid
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      [0x53544c41],
    );

    // A claim of this process left unanswered (its database failed after the claim, before the release) does not
    // hold the key: the retry runs the command, once.
    await count(
      `WITH claim AS (INSERT INTO idempotency_keys (scope, key, request_hash, owner) VALUES ($1, 'left-by-failover', 'x', $2) RETURNING 1)
       SELECT count(*)::int AS n FROM claim`,
      [userId, presence],
    );
    const body = customer('Retried Tavern');
    const retried = await api.post('customer', body, token, {
      'idempotency-key': 'left-by-failover',
    });
    expect(retried.status).toBe(201);
    const again = await api.post('customer', body, token, {
      'idempotency-key': 'left-by-failover',
    });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(retried.body.id);
  });
});
