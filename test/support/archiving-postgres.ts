import { execFileSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '#infra/db/embedded-postgres.js';

/**
 * A Postgres server of its own that archives its WAL, for the point-in-time recovery test: Debian's PostgreSQL
 * binaries (PG_BIN, default /usr/lib/postgresql/15/bin, which carry pg_basebackup), a data directory under `dir`, a
 * free port, and the same commands as the documented procedure (docs/operations.md, "Point-in-time recovery").
 * As root every command runs as the OS user postgres, which owns the directories.
 */
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

const asRoot = process.getuid?.() === 0;

/** Runs a Postgres program (as the user postgres when we are root) and returns its output. */
export function pgRun(program: string, args: string[]): string {
  const command = join(PG_BIN, program);
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** A directory the server's user owns (0700, as Postgres wants its data directory). */
export function serverDir(path: string): string {
  mkdirSync(path, { recursive: true });
  chmodSync(path, 0o700);
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(path, uid, gid);
  }
  return path;
}

export interface ArchivingServer {
  dataDir: string;
  port: number;
  /** postgres://…/<database> over TCP on 127.0.0.1 */
  url(database?: string): string;
  stop(): void;
}

export function binariesPresent(): boolean {
  return existsSync(join(PG_BIN, 'pg_basebackup')) && existsSync(join(PG_BIN, 'initdb'));
}

/** initdb, then the WAL settings of the procedure in postgresql.conf (a base backup carries them along). */
export function initArchivingCluster(dataDir: string, archiveDir: string): void {
  serverDir(dataDir);
  serverDir(archiveDir);
  pgRun('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  appendFileSync(
    join(dataDir, 'postgresql.conf'),
    [
      '',
      'wal_level = replica',
      'archive_mode = on',
      `archive_command = 'test ! -f ${archiveDir}/%f && cp %p ${archiveDir}/%f'`,
      'archive_timeout = 60',
      'max_connections = 100',
      "listen_addresses = '127.0.0.1'",
      '',
    ].join('\n'),
  );
}

/** Starts the server on a free port (socket in its data directory) and waits until it accepts connections. */
export async function startServer(dataDir: string): Promise<ArchivingServer> {
  const port = await freePort();
  pgRun('pg_ctl', [
    '-D',
    dataDir,
    '-l',
    join(dataDir, 'server.log'),
    '-o',
    `-p ${port} -k ${dataDir}`,
    '-w',
    '-t',
    '60',
    'start',
  ]);
  let stopped = false;
  return {
    dataDir,
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop() {
      if (stopped) return;
      stopped = true;
      pgRun('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']);
    },
  };
}

/** Switches to a new WAL segment and waits until the one just closed is in the archive. */
export async function archiveCurrentWal(url: string, archiveDir: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ file: string }>('SELECT pg_walfile_name(pg_switch_wal()) AS file');
    const file = rows[0]!.file;
    for (let i = 0; i < 600 && !readdirSync(archiveDir).includes(file); i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    if (!readdirSync(archiveDir).includes(file))
      throw new Error(`WAL segment ${file} was not archived in 60 s`);
    return file;
  } finally {
    await client.end();
  }
}

/**
 * The recovery of the procedure: unpack the base backup (`pg_basebackup -Ft -z -X stream`) into a new data
 * directory, name the archive and the target instant, ask for promotion at the target, and start it.
 */
export async function recoverTo(
  baseBackupDir: string,
  dataDir: string,
  archiveDir: string,
  target: string,
): Promise<ArchivingServer> {
  serverDir(dataDir);
  const untar = (file: string, into: string) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', 'tar', '-xzf', file, '-C', into])
      : execFileSync('tar', ['-xzf', file, '-C', into]);
  untar(join(baseBackupDir, 'base.tar.gz'), dataDir);
  untar(join(baseBackupDir, 'pg_wal.tar.gz'), join(dataDir, 'pg_wal'));
  appendFileSync(
    join(dataDir, 'postgresql.conf'),
    [
      '',
      `restore_command = 'cp ${archiveDir}/%f %p'`,
      `recovery_target_time = '${target}'`,
      "recovery_target_action = 'promote'",
      '',
    ].join('\n'),
  );
  writeFileSync(join(dataDir, 'recovery.signal'), '');
  if (asRoot) execFileSync('chown', ['postgres:postgres', join(dataDir, 'recovery.signal')]);
  const server = await startServer(dataDir);
  // pg_ctl returns once connections are accepted; recovery ends with the promotion.
  const client = new pg.Client({ connectionString: server.url() });
  await client.connect();
  try {
    for (let i = 0; i < 600; i++) {
      const { rows } = await client.query<{ recovering: boolean }>(
        'SELECT pg_is_in_recovery() AS recovering',
      );
      if (!rows[0]!.recovering) return server;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the restored server was still recovering after 60 s');
  } finally {
    await client.end();
  }
}
