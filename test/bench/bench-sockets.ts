// Live updates fan-out, against the real API started as its own process (dist/apps/api/src/main.js),
// so its memory is the server's alone and the socket clients (here) do not share its event loop.
//   (a) fan-out: 200 sockets of one company; each command (a customer created over HTTP) → its customer:changed on
//       every socket. Latency per socket from the command's response; target p95 ≤ 50 ms. Next to it, in the same
//       run, a raw socket.io broadcast (a bare server in this process, 200 clients) timed from the emit.
//       Check: every socket got every command's message once, in order.
//   (b) memory: the API process's RSS before and after 1,000 idle sockets connect; target ≤ 100 MB for them.
//
//   benchSockets({ adminUrl }) on a running Postgres, or benchSockets() with its own embedded one.
// Run alone: node dist/test/bench/bench-sockets.js   (BENCH_SOCKETS fan-out sockets, BENCH_SOCKET_COMMANDS, BENCH_IDLE_SOCKETS)
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { startEmbeddedPostgres } from '#infra/db/embedded-postgres.js';
import { apiClient, signUpOwner } from '../support/http.js';
import {
  createDatabase,
  intFromEnv,
  latencySummary,
  log,
  ms,
  num,
  runWhenMain,
  type BenchFigure,
} from './bench-support.js';

const SECTION = 'live';
const settings = {
  sockets: intFromEnv('BENCH_SOCKETS', 200),
  commands: intFromEnv('BENCH_SOCKET_COMMANDS', 100),
  idle: intFromEnv('BENCH_IDLE_SOCKETS', 1000),
};

/** The customer the fan-out creates over and over (test/support/api-fixtures.ts imports jest). */
const RUSTY_NAIL = {
  name: 'The Rusty Nail',
  address: '500 E 6th St',
  city: 'Austin',
  zip: '78701',
  tabc_id: 'MB123456',
  cash_on_delivery: 0,
  fintech_option: 0,
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The built API as a child process on a fresh database; resolves once it listens. */
async function startApi(databaseUrl: string): Promise<{ url: string; child: ChildProcess; rss(): number }> {
  const port = await freePort();
  const main = fileURLToPath(new URL('../../apps/api/src/main.js', import.meta.url));
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the API did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Stampline is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the API exited (${code}):\n${output}`)));
  });
  const rss = () => {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  };
  return { url: `http://127.0.0.1:${port}`, child, rss };
}

async function connectMany(url: string, count: number, auth: object): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let i = 0; i < count; i += 100) {
    const batch = Array.from({ length: Math.min(100, count - i) }, () =>
      io(url, { transports: ['websocket'], auth, reconnection: false, forceNew: true }),
    );
    await Promise.all(
      batch.map(
        (socket) =>
          new Promise((resolve, reject) => {
            socket.once('connect', () => resolve(undefined));
            socket.once('connect_error', reject);
          }),
      ),
    );
    sockets.push(...batch);
  }
  return sockets;
}

/** (a) command → message on every socket, per socket, from the command's response. */
async function fanOut(url: string): Promise<BenchFigure[]> {
  const api = apiClient(url);
  const owner = await signUpOwner(api, 'Bench Fan-out');
  const sockets = await connectMany(url, settings.sockets, { token: owner.token });
  const arrivals = sockets.map(() => new Map<string, number>());
  const orders = sockets.map(() => [] as string[]);
  sockets.forEach((socket, i) =>
    socket.on('customer:changed', (message: { id: string }) => {
      arrivals[i]!.set(message.id, performance.now());
      orders[i]!.push(message.id);
    }),
  );
  const latencies: number[] = [];
  const fromRequest: number[] = [];
  let early = 0;
  const ids: string[] = [];
  for (let n = 0; n < settings.commands; n++) {
    const sent = performance.now();
    const response = await api.post('customer', { ...RUSTY_NAIL, name: `Fan-out ${n}` }, owner.token);
    const answered = performance.now();
    if (response.status !== 201) throw new Error(`customer ${response.status}`);
    const id = response.body.id as string;
    ids.push(id);
    const deadline = answered + 5_000;
    while (arrivals.some((seen) => !seen.has(id)) && performance.now() < deadline) await pause(1);
    for (const seen of arrivals) {
      const at = seen.get(id);
      if (at === undefined) continue;
      if (at < answered) early++;
      latencies.push(Math.max(0, at - answered));
      fromRequest.push(at - sent);
    }
  }
  await pause(200);
  const ok = orders.every((got) => JSON.stringify(got) === JSON.stringify(ids));
  for (const socket of sockets) socket.close();
  const ours = latencySummary(latencies);
  const whole = latencySummary(fromRequest);

  // the same-run baseline: a bare socket.io server broadcasting the same kind of message to as many clients
  const http = createServer();
  const bare = new Server(http, { serveClient: false });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  const bareUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const clients = await connectMany(bareUrl, settings.sockets, {});
  const rawLatencies: number[] = [];
  let pending = 0;
  let emittedAt = 0;
  let done: () => void = () => {};
  for (const client of clients)
    client.on('customer:changed', () => {
      rawLatencies.push(performance.now() - emittedAt);
      if (--pending === 0) done();
    });
  for (let n = 0; n < settings.commands; n++) {
    pending = clients.length;
    const all = new Promise<void>((resolve) => (done = resolve));
    emittedAt = performance.now();
    bare.emit('customer:changed', {
      type: 'CustomerCreated',
      id: ids[n],
      by: null,
      checkpoint: `${n}`,
      at: '',
    });
    await all;
  }
  for (const client of clients) client.close();
  await new Promise<void>((resolve) => void bare.close(() => resolve()));
  const raw = latencySummary(rawLatencies);
  return [
    {
      section: SECTION,
      measure: `command → event on ${settings.sockets} sockets of one company (${settings.commands} commands), from the response`,
      value:
        `p50 ${ms(ours.p50)}, p95 ${ms(ours.p95)}, p99 ${ms(ours.p99)}, max ${ms(ours.max)} ` +
        `(${num((100 * early) / Math.max(1, latencies.length))}% before the response; from the request sent p50 ${ms(whole.p50)}, p95 ${ms(whole.p95)})`,
      limit: `raw socket.io broadcast p95 ${ms(raw.p95)} (p50 ${ms(raw.p50)})`,
      target: '≤ 50 ms',
      met: ours.p95 <= 50,
      check: ok && latencies.length === settings.sockets * settings.commands ? 'ok' : 'FAILED',
      note: 'the raw broadcast is timed from its emit; ours from the HTTP response (0 when the message came first: both wait for the projections to apply the command), and from the request sent',
    },
  ];
}

/** (b) memory of idle sockets in the API process. */
async function idleMemory(url: string, rss: () => number): Promise<BenchFigure[]> {
  const owner = await signUpOwner(apiClient(url), 'Bench Idle');
  await pause(1000);
  const before = rss();
  const sockets = await connectMany(url, settings.idle, { token: owner.token });
  await pause(2000);
  const after = rss();
  const connected = sockets.filter((socket) => socket.connected).length;
  for (const socket of sockets) socket.close();
  const mb = (after - before) / 1e6;
  return [
    {
      section: SECTION,
      measure: `${num(settings.idle)} idle sockets: API process RSS growth`,
      value: `+${num(mb, 1)} MB (${num((after - before) / settings.idle / 1e3, 1)} kB a socket; RSS ${num(after / 1e6)} MB)`,
      target: '≤ 100 MB',
      met: mb <= 100,
      check: connected === settings.idle ? 'ok' : 'FAILED',
    },
  ];
}

export async function benchSockets(options: { adminUrl?: string } = {}): Promise<BenchFigure[]> {
  let dir: string | undefined;
  let stop: (() => Promise<void>) | undefined;
  let adminUrl = options.adminUrl;
  if (!adminUrl) {
    dir = mkdtempSync(join(tmpdir(), 'stampline-bench-sockets-'));
    chmodSync(dir, 0o755);
    const server = await startEmbeddedPostgres(join(dir, 'pg'), { persistent: false });
    adminUrl = server.url;
    stop = () => server.stop();
  }
  let api: Awaited<ReturnType<typeof startApi>> | undefined;
  try {
    log('live: starting the API as its own process on a fresh database');
    api = await startApi(await createDatabase(adminUrl, 'bench_sockets'));
    log(
      `live: fan-out to ${settings.sockets} sockets, ${settings.commands} commands, next to a raw broadcast`,
    );
    const figures = await fanOut(api.url);
    log(`live: ${settings.idle} idle sockets`);
    figures.push(...(await idleMemory(api.url, api.rss)));
    return figures;
  } finally {
    if (api) {
      const exited = new Promise((resolve) => api!.child.once('exit', resolve));
      api.child.kill('SIGTERM');
      await Promise.race([exited, pause(10_000)]);
    }
    await stop?.();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

runWhenMain(import.meta.url, benchSockets);
