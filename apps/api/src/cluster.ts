import cluster, { type Worker } from 'node:cluster';
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres, type RunningPostgres } from '#infra/db/embedded-postgres.js';
import { migrate } from '#infra/db/migrate.js';
import type { AppConfig } from './infra/config/config.js';
import { DEMO_LOGIN } from './seed.js';

/**
 * `WORKERS=n npm start` / `npm run serve:cluster` (as the client's specification asks): the primary starts Postgres (the embedded one
 * when DATABASE_URL is unset) and applies the migrations once, then starts
 *
 * - one projections worker (`apps/worker`: projections, e-mail retries, the demo seed on a fresh database), and
 * - n API processes (node:cluster, all on PORT; the kernel hands each new connection to one of them) with
 *   PROJECTIONS=off, once the worker is ready.
 *
 * A process that dies is started again (a client whose request it was serving retries; nothing written is lost: each
 * command is one atomic append, and its retry is idempotent). Live sockets use the `websocket` transport across
 * processes (the long-polling fallback would need sticky sessions). Each API process sends every event to its own
 * sockets (live-feed.ts), so no broker is needed.
 */
export async function runCluster(config: AppConfig, log: (line: string) => void): Promise<void> {
  let embedded: RunningPostgres | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir, { persistent: true });
    databaseUrl = embedded.databaseUrl('stampline');
    await embedded.ensureDatabase('stampline');
    log(`Postgres (embedded) with data in ${config.dataDir}`);
  }
  const applied = await migrate(databaseUrl);
  if (applied.length) log(`Applied ${applied.length} migration(s)`);
  const env = { ...process.env, DATABASE_URL: databaseUrl };

  let stopping = false;
  const workerScript = fileURLToPath(new URL('../../worker/src/main.js', import.meta.url));
  let worker: ChildProcess | undefined;
  const startWorker = () =>
    new Promise<void>((resolve, reject) => {
      const child = fork(workerScript, [], { env });
      worker = child;
      child.on('message', (message: { ready?: boolean }) => {
        if (message?.ready) resolve();
      });
      child.on('exit', (code, signal) => {
        if (stopping) return;
        log(`projections worker exited (${signal ?? code}); starting another`);
        reject(new Error('the projections worker exited before it was ready'));
        setTimeout(() => void startWorker().catch(() => {}), 1000).unref();
      });
    });
  await startWorker();

  const apis = new Set<Worker>();
  const startApi = () => {
    const api = cluster.fork({ ...env, PROJECTIONS: 'off', SEED_DEMO: 'false' });
    apis.add(api);
    api.on('exit', (code, signal) => {
      apis.delete(api);
      if (stopping) return;
      log(`API process ${api.process.pid} exited (${signal ?? code}); starting another`);
      setTimeout(startApi, 500).unref();
    });
  };
  let listening = 0;
  const allListening = new Promise<void>((resolve) =>
    cluster.on('listening', (_worker, address) => {
      // the HTTP port only: each process's mail capture (no SMTP_URL) listens too
      if (address.port === config.port && ++listening === config.workers) resolve();
    }),
  );
  for (let i = 0; i < config.workers; i++) startApi();
  await allListening;
  const url = config.appUrl ?? `http://localhost:${config.port}`;
  log(`Stampline is running at ${url}: ${config.workers} API processes and 1 projections worker`);
  if (config.seedDemo) log(`Demo login: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`);
  log(`API docs: ${url}/api/docs`);

  const shutdown = async () => {
    stopping = true;
    const exited = [...apis].map((api) => new Promise((resolve) => api.once('exit', resolve)));
    for (const api of apis) api.kill('SIGTERM'); // disconnects it, then signals it
    const workerExited =
      worker && worker.exitCode === null ? new Promise((r) => worker!.once('exit', r)) : null;
    worker?.kill('SIGTERM');
    await Promise.all([...exited, workerExited]);
    await embedded?.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}
