import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../../api/src/app.module.js';
import type { AppConfig } from '../../api/src/infra/config/config.js';
import { DocumentEmails } from '../../api/src/delivery/document-emails.js';
import { startRuntime, type Runtime } from '../../api/src/runtime.js';
import { seedDemo, seededLine } from '../../api/src/seed.js';

export interface RunningWorker {
  runtime: Runtime;
  app: INestApplicationContext;
  close(): Promise<void>;
}

/**
 * The projections worker: the projection runner and the background work (queued e-mail retries, the
 * demo seed on a fresh database), with the application's modules but no HTTP server, so API processes
 * (PROJECTIONS=off) scale on their own. It takes every projection lock it can; a second worker stands by and takes
 * over when the first stops. The live gateway's feed stays in the API processes: each follows the store and delivers
 * to its own sockets once the projections (here) applied the events.
 */
export async function startWorker(
  config: AppConfig,
  options: { log?: (line: string) => void; debug?: (line: string) => void; progress?: boolean } = {},
): Promise<RunningWorker> {
  const log = options.log ?? (() => {});
  const runtime = await startRuntime(config, { runProjections: true, log, debug: options.debug });
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(runtime), { logger: ['error'] });
  if (config.seedDemo) {
    const seeded = await seedDemo(app, runtime.pool, {
      invoices: config.seedDemoInvoices,
      progress: options.progress ?? false,
    });
    if (seeded) log(seededLine(seeded));
  }
  void app.get(DocumentEmails).resume();
  return {
    runtime,
    app,
    async close() {
      await app.close();
      await runtime.close();
    },
  };
}
