import 'reflect-metadata';
import { loadConfig } from '../../api/src/infra/config/config.js';
import { logsAt } from '../../api/src/infra/config/logging.js';
import { startWorker } from './worker.js';

/**
 * `npm run worker` (and the worker `npm run serve:cluster` starts): the projections and background work without
 * HTTP (worker.ts). Needs DATABASE_URL, or starts the embedded Postgres under DATA_DIR as `npm start` does.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = (line: string) => console.log(`[stampline worker ${process.pid}] ${line}`);
  const worker = await startWorker(config, {
    log,
    debug: (line) => {
      if (logsAt(config.logLevel, 'debug')) log(line);
    },
    progress: process.stdout.isTTY,
  });
  const running = (await worker.runtime.projections.status()).filter((s) => s.runningHere).length;
  log(`Running ${running} projection(s) and the e-mail retries (no HTTP).`);
  process.send?.({ ready: true });

  const shutdown = async () => {
    await worker.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

main().catch((error: unknown) => {
  console.error('[stampline worker] failed to start:', error);
  process.exit(1);
});
