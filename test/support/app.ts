import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createHttpApp } from '../../apps/api/src/http-app.js';
import { loadConfig } from '../../apps/api/src/infra/config/config.js';
import type { MailCapture } from '../../apps/api/src/infra/mail/mail-capture.js';
import type { Clock } from '../../apps/api/src/infra/clock.js';
import type { Projection } from '#projections/projection.js';
import { startRuntime, type Runtime } from '../../apps/api/src/runtime.js';
import { createTestDatabase } from './database.js';

export interface TestApp {
  baseUrl: string;
  app: NestFastifyApplication;
  runtime: Runtime;
  mailbox: MailCapture;
  close(): Promise<void>;
}

export type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

/**
 * The real API on a fresh database with an in-process SMTP capture, listening on a free port. With `database`, on
 * that one instead (several apps on one database: restarts, two instances), and `close()` leaves it to the caller.
 * With `clock` (a SettableClock), the server reads the current instant from it.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  {
    database,
    extraProjections,
    clock,
  }: { database?: TestDatabase; extraProjections?: readonly Projection[]; clock?: Clock } = {},
): Promise<TestApp> {
  const db = database ?? (await createTestDatabase('app', { migrated: true }));
  const config = loadConfig({ ...process.env, DATABASE_URL: db.url, SMTP_URL: '', PORT: '0', ...env });
  const runtime = await startRuntime(config, {
    extraProjections,
    clock,
    runProjections: config.runProjections,
  });
  const app = await createHttpApp(runtime);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  runtime.config.appUrl = baseUrl; // links in e-mails point at this server
  return {
    baseUrl,
    app,
    runtime,
    mailbox: runtime.mailCapture!,
    async close() {
      await app.close();
      await runtime.close();
      if (!database) await db.drop();
    },
  };
}
