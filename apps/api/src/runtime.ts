import type pg from 'pg';
import { allProjections } from '#projections/index.js';
import type { Projection } from '#projections/projection.js';
import { ProjectionRunner } from '#engine';
import { Clock, SystemClock } from './infra/clock.js';
import type { AppConfig } from './infra/config/config.js';
import { createPool } from '#infra/db/database.js';
import { startEmbeddedPostgres, type RunningPostgres } from '#infra/db/embedded-postgres.js';
import { migrate } from '#infra/db/migrate.js';
import type { EventStore } from '#engine';
import { KurrentDBEventStore } from '#engine';
import { PostgresEventStore } from '#engine';
import type { MailCapture } from './infra/mail/mail-capture.js';
import type { MailPort } from './infra/mail/mail.port.js';
import { openMail } from './infra/mail/open-mail.js';

/** The real parts the app runs on, started before Nest so both the API and the CLI share them. */
export interface Runtime {
  config: AppConfig;
  databaseUrl: string;
  pool: pg.Pool;
  store: EventStore;
  projections: ProjectionRunner;
  mail: MailPort;
  mailCapture?: MailCapture;
  /** The server's clock (the system clock unless a test stands it at an instant). */
  clock: Clock;
  close(): Promise<void>;
}

export async function startRuntime(
  config: AppConfig,
  options: {
    runProjections?: boolean;
    log?: (line: string) => void;
    /** Details worth a line only at LOG_LEVEL=debug (the names of the migrations applied). */
    debug?: (line: string) => void;
    /** More projections beside allProjections (benches: stand-ins for projections not built yet). */
    extraProjections?: readonly Projection[];
    /** Another clock than the system's (tests). */
    clock?: Clock;
  } = {},
): Promise<Runtime> {
  const log = options.log ?? (() => {});
  let embedded: RunningPostgres | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir, { persistent: true });
    databaseUrl = embedded.databaseUrl('stampline');
    await embedded.ensureDatabase('stampline');
    log(
      `Postgres (embedded) on ${embedded.url.replace(/:[^:@/]*@/, ':***@')} with data in ${config.dataDir}`,
    );
  }
  const applied = await migrate(databaseUrl);
  if (applied.length) {
    log(`Applied ${applied.length} migration(s)`);
    options.debug?.(`Migrations applied: ${applied.join(', ')}`);
  }

  const pool = createPool(databaseUrl, 20);
  const store: EventStore = config.eventStoreUrl
    ? KurrentDBEventStore.connect(config.eventStoreUrl)
    : new PostgresEventStore(databaseUrl, {}, pool);
  const projections = new ProjectionRunner(
    pool,
    store,
    [...allProjections, ...(options.extraProjections ?? [])],
    {},
  );
  if (options.runProjections !== false) await projections.start();

  const opened = await openMail({
    ...process.env,
    SMTP_URL: config.smtpUrl ?? '',
    MAIL_FROM: config.mailFrom,
  });
  return {
    config,
    databaseUrl,
    pool,
    store,
    projections,
    mail: opened.mailer,
    mailCapture: opened.capture,
    clock: options.clock ?? new SystemClock(),
    async close() {
      await projections.stop();
      await opened.close();
      await store.close();
      await pool.end();
      await embedded?.stop();
    },
  };
}
