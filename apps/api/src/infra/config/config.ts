import { join, resolve } from 'node:path';
import { DEV_TOKEN_KEY } from '../../integrations/quickbooks/token-cipher.js';

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
  /** The demo's size: invoices over its year (customers and products scale down with fewer). */
  seedDemoInvoices: number;
  webDir: string;
  minClientVersion: string;
  rateLimit: { attempts: number; attemptsPerAddress: number; windowSeconds: number };
  /** Printed documents: the system Chromium and how many documents print at once / wait. */
  pdf: { chromiumPath: string; concurrency: number; queueLimit: number; timeoutMs: number };
  /** Days a public link (`/invoice/pdf/{token}`) stays valid. */
  publicLinkDays: number;
  /** Failed public-link lookups one client address may make per ten minutes, then 429. */
  publicLinkFailedLookups: number;
  /** Invoice e-mail: how long a send waits for the SMTP server, and the background retries of deferred mail. */
  invoiceEmail: { sendTimeoutMs: number; retryAttempts: number; retryBaseMs: number };
  /** Live updates (socket.io): browser origins allowed besides the app's own, and the session re-check period. */
  live: { origins: string[]; sessionCheckMs: number };
  /**
   * Whether this process runs projections (PROJECTIONS=off: an API process beside `apps/worker`), and how
   * many API processes `npm start` runs (WORKERS; 1: everything in one process).
   */
  runProjections: boolean;
  workers: number;
  /**
   * Point-of-sale partners. A partner without credentials runs against its local contract server (started
   * in-process). Credentials are only ever sent to the partner: never logged, stored in events or answered.
   */
  integrations: {
    bottlePos: { url: string | undefined; apiKey: string | undefined };
    clover: { url: string; merchantId: string | undefined; apiToken: string | undefined };
    mpower: { url: string | undefined; apiKey: string | undefined };
    fintech: { url: string | undefined; apiKey: string | undefined };
    /**
     * QuickBooks Online: the API host, the app's OAuth client, its endpoints and our callback, and the key tokens
     * are encrypted with at rest. Without a client id and secret a local stand-in answers.
     */
    quickbooks: {
      url: string;
      clientId: string | undefined;
      clientSecret: string | undefined;
      authorizeUrl: string;
      tokenUrl: string;
      redirectUri: string | undefined;
      tokenKey: string;
    };
    timeoutMs: number;
    ratePerSecond: number;
  };
}

const positive = (value: string | undefined, fallback: number) => {
  const number = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(number) && number > 0 ? number : fallback;
};

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
    seedDemoInvoices: Math.round(positive(env.SEED_DEMO_INVOICES, 2000)),
    webDir: resolve(env.WEB_DIR ?? join('dist', 'web')),
    minClientVersion: env.MIN_CLIENT_VERSION ?? '3.98',
    rateLimit: {
      attempts: Number(env.AUTH_RATE_LIMIT ?? 10),
      attemptsPerAddress: Number(env.AUTH_RATE_LIMIT_PER_ADDRESS ?? 100),
      windowSeconds: Number(env.AUTH_RATE_WINDOW_SECONDS ?? 900),
    },
    pdf: {
      chromiumPath: env.CHROMIUM_PATH || '/usr/bin/chromium',
      concurrency: positive(env.PDF_CONCURRENCY, 4),
      queueLimit: positive(env.PDF_QUEUE_LIMIT, 100),
      timeoutMs: positive(env.PDF_TIMEOUT_MS, 30_000),
    },
    publicLinkDays: positive(env.PUBLIC_LINK_DAYS, 30),
    publicLinkFailedLookups: positive(env.PUBLIC_LINK_FAILED_LOOKUPS, 60),
    invoiceEmail: {
      sendTimeoutMs: positive(env.EMAIL_SEND_TIMEOUT_MS, 10_000),
      retryAttempts: positive(env.EMAIL_RETRY_ATTEMPTS, 5),
      retryBaseMs: positive(env.EMAIL_RETRY_BASE_MS, 60_000),
    },
    live: {
      origins: (env.LIVE_ORIGINS ?? '')
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
      sessionCheckMs: positive(env.LIVE_SESSION_CHECK_MS, 60_000),
    },
    runProjections: env.PROJECTIONS !== 'off',
    workers: Math.max(1, Math.floor(positive(env.WORKERS, 1))),
    integrations: {
      bottlePos: { url: env.BOTTLE_POS_URL || undefined, apiKey: env.BOTTLE_POS_API_KEY || undefined },
      clover: {
        url: env.CLOVER_URL || 'https://api.clover.com',
        merchantId: env.CLOVER_MERCHANT_ID || undefined,
        apiToken: env.CLOVER_API_TOKEN || undefined,
      },
      mpower: { url: env.MPOWER_URL || undefined, apiKey: env.MPOWER_API_KEY || undefined },
      fintech: { url: env.FINTECH_URL || undefined, apiKey: env.FINTECH_API_KEY || undefined },
      quickbooks: {
        url: env.QBO_URL || 'https://quickbooks.api.intuit.com',
        clientId: env.QBO_CLIENT_ID || undefined,
        clientSecret: env.QBO_CLIENT_SECRET || undefined,
        authorizeUrl: env.QBO_AUTHORIZE_URL || 'https://appcenter.intuit.com/connect/oauth2',
        tokenUrl: env.QBO_TOKEN_URL || 'https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer',
        redirectUri: env.QBO_REDIRECT_URI || undefined,
        tokenKey: env.QBO_TOKEN_KEY || DEV_TOKEN_KEY,
      },
      timeoutMs: positive(env.INTEGRATION_TIMEOUT_MS, 10_000),
      ratePerSecond: positive(env.INTEGRATION_RATE_PER_SECOND, 5),
    },
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
export const APP_VERSION = '3.98.0';
