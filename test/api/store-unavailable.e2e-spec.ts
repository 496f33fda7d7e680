import { jest } from '@jest/globals';
import pg from 'pg';
import { STORE_UNAVAILABLE } from '../../apps/api/src/infra/http/error-filter.js';
import { startTestApp, type TestApp, type TestDatabase } from '../support/app.js';
import { createTestDatabase } from '../support/database.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { captureServerErrors } from '../support/logs.js';

/*
 * The database goes away under the API (a failover, a restart, maintenance): requests answer 503 with the try-again
 * message and Retry-After, never a 500, and the API serves again by itself once the database is back.
 */
let database: TestDatabase;
let app: TestApp;
let api: ApiClient;
let token: string;

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

// The projection runner reports its lost connections and lock on the console while the database is away.
const runnerWarnings = [jest.spyOn(console, 'warn'), jest.spyOn(console, 'error')].map((spy) =>
  spy.mockImplementation(() => undefined),
);

beforeAll(async () => {
  database = await createTestDatabase('unavailable');
  app = await startTestApp({}, { database });
  api = apiClient(app.baseUrl);
  ({ token } = await signUpOwner(api));
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
    } finally {
      await admin(`ALTER DATABASE "${name()}" ALLOW_CONNECTIONS true`);
      errors.restore();
    }
    expect((await api.get('customer/grid?startRow=0&endRow=10', token)).status).toBe(200);
  });
});
