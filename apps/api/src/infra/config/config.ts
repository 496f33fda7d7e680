import { join, resolve } from 'node:path';

/** Every setting the server reads, from the environment (documented in the README's Configuration section). */
export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined; // unset → embedded Postgres under dataDir
  eventStoreUrl: string | undefined; // esdb:// or kurrentdb:// → KurrentDB adapter
  dataDir: string;
  appUrl: string | undefined; // public base URL for links in e-mails; default http://localhost:PORT
  smtpUrl: string | undefined; // unset → in-process SMTP capture with an inbox at /dev/mail
  mailFrom: string;
  providerEmail: string; // the provider's team: feature access requests go here
  logLevel: string;
  seedDemo: boolean;
  webDir: string;
  minClientVersion: string;
  rateLimit: { attempts: number; attemptsPerAddress: number; windowSeconds: number };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    eventStoreUrl: env.EVENTSTORE_URL || undefined,
    dataDir: resolve(env.DATA_DIR ?? '.data'),
    appUrl: env.APP_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Stampline <no-reply@stampline.local>',
    providerEmail: env.PROVIDER_EMAIL || 'support@stampline.local',
    logLevel: env.LOG_LEVEL ?? 'info',
    seedDemo: env.SEED_DEMO !== 'false',
    webDir: resolve(env.WEB_DIR ?? join('dist', 'web')),
    minClientVersion: env.MIN_CLIENT_VERSION ?? '3.98',
    rateLimit: {
      attempts: Number(env.AUTH_RATE_LIMIT ?? 10),
      attemptsPerAddress: Number(env.AUTH_RATE_LIMIT_PER_ADDRESS ?? 100),
      windowSeconds: Number(env.AUTH_RATE_WINDOW_SECONDS ?? 900),
    },
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
export const APP_VERSION = '3.98.0';
