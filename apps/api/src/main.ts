import 'reflect-metadata';
import cluster from 'node:cluster';
import { runCluster } from './cluster.js';
import { createHttpApp } from './http-app.js';
import { loadConfig } from './infra/config/config.js';
import { logsAt } from './infra/config/logging.js';
import { startRuntime } from './runtime.js';
import { DEMO_LOGIN, seedDemo, seededLine } from './seed.js';

/** `npm start`: embedded Postgres (unless DATABASE_URL), migrations, demo company, API + web on one port. */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = (line: string) => console.log(`[stampline] ${line}`);
  const debug = (line: string) => {
    if (logsAt(config.logLevel, 'debug')) log(line);
  };
  // `npm run serve:cluster`: WORKERS API processes (2 when unset) and a projections worker.
  if (process.argv.includes('--cluster') && !process.env.WORKERS) config.workers = 2;
  if (config.workers > 1 && cluster.isPrimary) return runCluster(config, log);
  // An API process of a cluster ends with its primary (no orphan keeps the port or the database).
  if (cluster.isWorker) {
    process.once('disconnect', () => process.exit(0));
    // a process still starting when its primary stopped cannot reach it to listen: it ends quietly
    cluster.worker?.on('error', (error) => {
      if (process.connected) throw error;
      process.exit(0);
    });
  }
  const runtime = await startRuntime(config, { log, debug, runProjections: config.runProjections });
  const app = await createHttpApp(runtime, { logger: true, logHttp: process.env.LOG_HTTP === 'true' });
  if (config.seedDemo && config.runProjections) {
    const seeded = await seedDemo(app, runtime.pool, { invoices: config.seedDemoInvoices });
    if (seeded) log(seededLine(seeded));
  }
  await app.listen({ port: config.port, host: config.host });

  const url = config.appUrl ?? `http://localhost:${config.port}`;
  if (cluster.isWorker)
    debug(`API process ${process.pid} listening`); // the primary says it once for all
  else {
    log(`Stampline is running at ${url}`);
    if (config.seedDemo) log(`Demo login: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`);
    if (runtime.mailCapture) log(`Captured e-mail (no SMTP_URL set): ${url}/dev/mail`);
    log(`API docs: ${url}/api/docs`);
  }

  const shutdown = async () => {
    await app.close();
    await runtime.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

main().catch((error: unknown) => {
  console.error('[stampline] failed to start:', error);
  process.exit(1);
});
