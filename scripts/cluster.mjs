// `npm run cluster [-- start|stop|status]`: a highly available Postgres on this machine and Stampline on it.
//
// - etcd, one member: where Patroni keeps who leads (the leader key expires when its holder stops renewing it);
// - three PostgreSQL 15 servers, each run by its own Patroni (REST API for health checks and `patronictl`), with
//   `synchronous_mode: true`: a commit is acknowledged once the leader and one synchronous standby have it, and
//   only that standby may be promoted;
// - HAProxy on one port, sending every connection to whichever server answers 200 to Patroni's `/primary` check, and
//   cutting the connections to a server the moment it stops being the leader;
// - Stampline (`serve:cluster`: API processes with PROJECTIONS=off and a projections worker) on HAProxy's port.
//
// Everything lives under CLUSTER_DIR (default `$DATA_DIR/cluster`, i.e. `.data/cluster`): data directories, generated
// configuration, logs and pid files. A second start reuses the data. Postgres runs as the OS user `postgres` when
// started by root (it refuses to run as root). What is missing is installed with apt-get.
/* global AbortSignal */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = resolve(root, process.env.DATA_DIR ?? '.data');
export const clusterDir = resolve(process.env.CLUSTER_DIR ?? join(dataDir, 'cluster'));
const BIN_DIR = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';
const HOST = '127.0.0.1';
const ETCD_CLIENT_PORT = 2479;
const ETCD_PEER_PORT = 2480;
const HAPROXY_PORT = Number(process.env.CLUSTER_PG_PORT ?? 5440);
const HAPROXY_STATS_PORT = 7000;
export const NODES = [1, 2, 3].map((n) => ({
  name: `pg${n}`,
  port: HAPROXY_PORT + n,
  rest: 8010 + n,
}));
const APP_PORT = Number(process.env.PORT ?? 3000);
const APP_PROCESSES = process.env.WORKERS ?? '2';
const PACKAGES = { patroni: 'patroni', etcd: 'etcd-server', etcdctl: 'etcd-client', haproxy: 'haproxy' };

/**
 * Patroni's settings kept in etcd (set at the first start, and again at each start so a running cluster follows
 * this file):
 * - the leader key lives `ttl` seconds unless renewed: an unreachable leader is replaced after at most that long,
 *   and a leader that cannot reach etcd for `retry_timeout` seconds stops accepting writes (ttl ≥ loop_wait +
 *   2 × retry_timeout);
 * - `master_start_timeout: 0`: a leader whose Postgres crashed is not restarted in place, a synchronous standby is
 *   promoted at once;
 * - `synchronous_mode`: a commit is acknowledged once a synchronous standby has it too.
 */
const DCS = { ttl: 10, loop_wait: 2, retry_timeout: 3, master_start_timeout: 0, synchronous_mode: true };

const log = (line) => console.log(`[cluster] ${line}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const path = (...parts) => join(clusterDir, ...parts);
const asRoot = process.getuid?.() === 0;

/** The generated passwords, made once and kept with the data (the cluster is reused with them). */
function secrets() {
  const file = path('secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  mkdirSync(clusterDir, { recursive: true });
  const make = () => randomBytes(12).toString('base64url');
  const value = { superuser: make(), replication: make(), rewind: make() };
  writeFileSync(file, JSON.stringify(value, null, 2), { mode: 0o600 });
  return value;
}

/** The database address the application uses: HAProxy, which always leads to the current leader. */
export function databaseUrl(database = 'stampline') {
  const { superuser } = secrets();
  return `postgres://postgres:${superuser}@${HOST}:${HAPROXY_PORT}/${database}`;
}

export const patroniConfig = (node) => path(`${node.name}.yml`);

function which(command) {
  for (const dir of ['/usr/bin', '/usr/sbin', '/usr/local/bin', '/bin', '/sbin']) {
    if (existsSync(join(dir, command))) return join(dir, command);
  }
  return undefined;
}

function install() {
  const missing = Object.entries(PACKAGES)
    .filter(([command]) => !which(command))
    .map(([, pkg]) => pkg);
  if (!existsSync(join(BIN_DIR, 'postgres')))
    throw new Error(`PostgreSQL 15 is not at ${BIN_DIR} (set PG_BIN_DIR)`);
  if (missing.length === 0) return;
  if (!asRoot)
    throw new Error(`missing ${missing.join(', ')}: install them (apt-get install) or run as root`);
  log(`installing ${missing.join(', ')} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const args = ['install', '-y', '--no-install-recommends', ...missing];
  try {
    execFileSync('apt-get', args, { stdio: 'inherit', env });
  } catch {
    execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
    execFileSync('apt-get', args, { stdio: 'inherit', env });
  }
}

function pidOf(name) {
  const file = path('run', `${name}.pid`);
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8'));
  return alive(pid) ? pid : undefined;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    // a zombie (exited, not yet reaped) counts as gone
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Starts a long-running process detached from this one, its output in logs/<name>.log, its pid in run/<name>.pid. */
function launch(name, command, args, options = {}) {
  const running = pidOf(name);
  if (running) {
    log(`${name} is already running (pid ${running})`);
    return running;
  }
  const out = openSync(path('logs', `${name}.log`), 'a');
  const child = spawn(command, args, {
    detached: true,
    stdio: ['ignore', out, out],
    cwd: options.cwd ?? clusterDir,
    env: options.env ?? process.env,
    uid: options.uid,
    gid: options.gid,
  });
  closeSync(out);
  child.unref();
  writeFileSync(path('run', `${name}.pid`), String(child.pid));
  return child.pid;
}

async function waitFor(what, condition, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await condition()) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${what}: not ready after ${timeoutMs / 1000} s`);
    await sleep(500);
  }
}

const restStatus = async (node, check) =>
  (await fetch(`http://${HOST}:${node.rest}/${check}`, { signal: AbortSignal.timeout(2000) })).status;

/** Patroni's view of the cluster: each member's name, role, state, timeline and lag. */
export async function members() {
  for (const node of NODES) {
    try {
      const response = await fetch(`http://${HOST}:${node.rest}/cluster`, {
        signal: AbortSignal.timeout(2000),
      });
      if (response.ok) return (await response.json()).members;
    } catch {
      // that node is down: ask the next one
    }
  }
  return [];
}

function portOpen(port) {
  return new Promise((resolve) => {
    const socket = connect(port, HOST);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function writeConfigs() {
  const { superuser, replication, rewind } = secrets();
  for (const node of NODES) {
    writeFileSync(
      patroniConfig(node),
      `scope: stampline
namespace: /service/
name: ${node.name}
log:
  level: INFO
restapi:
  listen: ${HOST}:${node.rest}
  connect_address: ${HOST}:${node.rest}
etcd3:
  hosts: ${HOST}:${ETCD_CLIENT_PORT}
bootstrap:
  dcs:
    ttl: ${DCS.ttl}
    loop_wait: ${DCS.loop_wait}
    retry_timeout: ${DCS.retry_timeout}
    master_start_timeout: ${DCS.master_start_timeout}
    synchronous_mode: ${DCS.synchronous_mode}
    maximum_lag_on_failover: 1048576
    postgresql:
      use_pg_rewind: true
      use_slots: true
      parameters:
        wal_level: replica
        hot_standby: 'on'
        wal_log_hints: 'on'
        max_wal_senders: 10
        max_replication_slots: 10
        max_connections: 200
        wal_keep_size: 256MB
  initdb:
    - encoding: UTF8
    - data-checksums
  pg_hba:
    - local all all trust
    - host replication replicator ${HOST}/32 scram-sha-256
    - host all all ${HOST}/32 scram-sha-256
postgresql:
  listen: ${HOST}:${node.port}
  connect_address: ${HOST}:${node.port}
  data_dir: ${path(node.name)}
  bin_dir: ${BIN_DIR}
  pgpass: ${path('run', `${node.name}.pgpass`)}
  authentication:
    superuser:
      username: postgres
      password: ${superuser}
    replication:
      username: replicator
      password: ${replication}
    rewind:
      username: rewind
      password: ${rewind}
  parameters:
    unix_socket_directories: ${path('run')}
    password_encryption: scram-sha-256
tags:
  nofailover: false
  noloadbalance: false
  clonefrom: false
  nosync: false
`,
      { mode: 0o600 },
    );
  }
  const servers = NODES.map(
    (node) => `  server ${node.name} ${HOST}:${node.port} maxconn 300 check port ${node.rest}`,
  ).join('\n');
  writeFileSync(
    path('haproxy.cfg'),
    `global
  maxconn 1000

defaults
  mode tcp
  log global
  retries 2
  timeout connect 3s
  timeout client 24h
  timeout server 24h
  timeout check 2s

# Writes go to the leader only: Patroni's REST API answers 200 to /primary on the leader alone. A server found
# down (two failed checks a second apart) has its connections cut, so clients reconnect to the new leader.
listen primary
  bind ${HOST}:${HAPROXY_PORT}
  option httpchk OPTIONS /primary
  http-check expect status 200
  default-server inter 1s fastinter 500ms fall 2 rise 1 on-marked-down shutdown-sessions
${servers}

listen stats
  bind ${HOST}:${HAPROXY_STATS_PORT}
  mode http
  stats enable
  stats uri /
`,
  );
}

function postgresUser() {
  if (!asRoot) return {};
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

async function start() {
  install();
  for (const dir of ['', 'logs', 'run', 'etcd']) mkdirSync(path(dir), { recursive: true });
  const owner = postgresUser();
  chmodSync(clusterDir, 0o755);
  writeConfigs();
  if (owner.uid !== undefined) {
    // Postgres and Patroni run as `postgres`: they need their configuration, pgpass, sockets and logs
    for (const node of NODES) chownSync(patroniConfig(node), owner.uid, owner.gid);
    chownSync(path('run'), owner.uid, owner.gid);
    chownSync(path('logs'), owner.uid, owner.gid);
  }
  for (const node of NODES) {
    if (existsSync(path(node.name))) continue;
    mkdirSync(path(node.name), { mode: 0o700 });
    if (owner.uid !== undefined) chownSync(path(node.name), owner.uid, owner.gid);
  }

  launch('etcd', which('etcd'), [
    '--name',
    'stampline',
    '--data-dir',
    path('etcd'),
    '--listen-client-urls',
    `http://${HOST}:${ETCD_CLIENT_PORT}`,
    '--advertise-client-urls',
    `http://${HOST}:${ETCD_CLIENT_PORT}`,
    '--listen-peer-urls',
    `http://${HOST}:${ETCD_PEER_PORT}`,
    '--initial-advertise-peer-urls',
    `http://${HOST}:${ETCD_PEER_PORT}`,
    '--initial-cluster',
    `stampline=http://${HOST}:${ETCD_PEER_PORT}`,
  ]);
  await waitFor('etcd', async () => (await fetch(`http://${HOST}:${ETCD_CLIENT_PORT}/health`)).ok);
  log(`etcd on ${HOST}:${ETCD_CLIENT_PORT}`);

  const fresh = NODES.every((node) => !existsSync(path(node.name, 'PG_VERSION')));
  const patroniEnv = { ...process.env, HOME: clusterDir, PATH: `${BIN_DIR}:${process.env.PATH}` };
  const startNode = (node) =>
    launch(node.name, which('patroni'), [patroniConfig(node)], { env: patroniEnv, ...owner });
  if (fresh) {
    // The first node bootstraps the cluster (initdb); the others then copy it with pg_basebackup.
    startNode(NODES[0]);
    await waitFor('the first Postgres', async () => (await restStatus(NODES[0], 'primary')) === 200);
    log(`${NODES[0].name} initialised and leading`);
  }
  for (const node of fresh ? NODES.slice(1) : NODES) startNode(node);

  launch('haproxy', which('haproxy'), ['-db', '-f', path('haproxy.cfg')]);
  await waitFor('a leader behind HAProxy', () => portOpen(HAPROXY_PORT));
  await waitFor(
    'a leader and a synchronous standby',
    async () => {
      const list = await members();
      return (
        list.some((m) => m.role === 'leader' && m.state === 'running') &&
        list.some((m) => m.role === 'sync_standby' && /running|streaming/.test(m.state))
      );
    },
    300_000,
  );
  await applyDcsSettings();
  await ensureDatabase();
  log(
    `Postgres cluster ready: HAProxy on ${HOST}:${HAPROXY_PORT} (stats http://${HOST}:${HAPROXY_STATS_PORT}/)`,
  );

  // --restart-app: the app runs the code just built (a test after a change), not the one started earlier
  if (process.argv.includes('--restart-app')) await stopProcess('app');
  if (!process.argv.includes('--no-app')) await startApp();
  printState(await members());
}

async function applyDcsSettings() {
  for (const node of NODES) {
    try {
      const response = await fetch(`http://${HOST}:${node.rest}/config`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(DCS),
        signal: AbortSignal.timeout(5000),
      });
      if (response.ok) return;
    } catch {
      // ask the next node
    }
  }
  throw new Error("could not set Patroni's settings through its REST API");
}

async function ensureDatabase() {
  const { default: pg } = await import('pg');
  await waitFor('the leader accepting connections through HAProxy', async () => {
    const client = new pg.Client({ connectionString: databaseUrl('postgres') });
    await client.connect();
    try {
      const { rows } = await client.query(`SELECT 1 FROM pg_database WHERE datname = 'stampline'`);
      if (rows.length === 0) {
        await client.query('CREATE DATABASE stampline');
        log('created the database stampline');
      }
      return true;
    } finally {
      await client.end();
    }
  });
}

async function startApp() {
  log('building Stampline');
  try {
    execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit', cwd: root });
  } catch {
    log('the web client could not be built: the API is served without it');
    execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), '--no-web'], {
      stdio: 'inherit',
      cwd: root,
    });
  }
  const logFile = path('logs', 'app.log');
  const from = existsSync(logFile) ? statSync(logFile).size : 0;
  launch('app', process.execPath, [join(root, 'dist/apps/api/src/main.js'), '--cluster'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl(),
      DATA_DIR: dataDir,
      PORT: String(APP_PORT),
      WORKERS: APP_PROCESSES,
    },
  });
  let lines = [];
  await waitFor(
    'Stampline',
    () => {
      const text = readFileSync(logFile, 'utf8').slice(from);
      lines = text.split('\n').filter((l) => /Stampline is running|Demo login|API docs/.test(l));
      if (!pidOf('app')) throw Object.assign(new Error('exited'), { fatal: true });
      return lines.some((l) => l.includes('Stampline is running'));
    },
    300_000,
  ).catch((error) => {
    throw new Error(`Stampline did not start (see ${logFile}): ${error.message}`);
  });
  for (const line of lines) console.log(line.replace(/^\{.*"msg":"(.*)".*\}$/, '$1'));
}

function printState(list) {
  console.log('');
  console.log(`Cluster (${clusterDir}):`);
  for (const m of list)
    console.log(
      `  ${m.name.padEnd(4)} ${m.host}:${m.port}  ${m.role.padEnd(12)} ${m.state.padEnd(10)} timeline ${m.timeline ?? '-'}  lag ${m.lag ?? 0}`,
    );
  console.log(`  database: ${databaseUrl()}`);
  console.log(`  who leads: patronictl -c ${patroniConfig(NODES[0])} list`);
}

async function stopProcess(name, timeoutMs = 60_000) {
  const pid = pidOf(name);
  if (!pid) return;
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = Date.now() + timeoutMs;
  while (alive(pid) && Date.now() < deadline) await sleep(200);
  if (alive(pid)) {
    log(`${name} (pid ${pid}) did not stop in ${timeoutMs / 1000} s: killing it`);
    process.kill(pid, 'SIGKILL');
  }
  rmSync(path('run', `${name}.pid`), { force: true });
  log(`${name} stopped`);
}

async function stop() {
  await stopProcess('app');
  // The standbys first, the leader last: no failover is started by the stop itself.
  const list = await members();
  const leader = list.find((m) => m.role === 'leader')?.name;
  const order = [...NODES.filter((n) => n.name !== leader), ...NODES.filter((n) => n.name === leader)];
  for (const node of order) await stopProcess(node.name);
  await stopProcess('haproxy');
  await stopProcess('etcd');
}

async function status() {
  const list = await members();
  if (list.length === 0) {
    console.log('The cluster is not running.');
    return;
  }
  printState(list);
  console.log(
    `  Stampline: ${pidOf('app') ? `running (pid ${pidOf('app')}) on port ${APP_PORT}` : 'not running'}`,
  );
}

/** What a test or a tool needs to find the cluster: its directory, database URL, nodes and the app's address. */
async function info() {
  console.log(
    JSON.stringify({
      dir: clusterDir,
      databaseUrl: databaseUrl(),
      appUrl: `http://${HOST}:${APP_PORT}`,
      appRunning: Boolean(pidOf('app')),
      nodes: NODES.map((node) => ({ ...node, dataDir: path(node.name), config: patroniConfig(node) })),
      members: await members(),
    }),
  );
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const command = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'start';
  const run = { start, stop, status, info }[command];
  if (!run) {
    console.error('usage: npm run cluster [-- start|stop|status|info] [--no-app] [--restart-app]');
    process.exit(2);
  }
  run().catch((error) => {
    console.error(`[cluster] ${error.message}`);
    process.exit(1);
  });
}
