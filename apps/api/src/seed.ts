import type { INestApplicationContext } from '@nestjs/common';
import { resolve } from 'node:path';
import type pg from 'pg';
import { DEMO_OWNER, DEMO_SHOP_PASSWORD, runDemoSeed, type DemoSeedResult } from './demo/demo-seed.js';
import { demoSize } from './demo/demo-plan.js';

/** The printed demo login: the owner of the demo distributor. */
export const DEMO_LOGIN = DEMO_OWNER;
export { DEMO_SHOP_PASSWORD };

/** The sample TABC lists shipped for the demo and the tests (made up; never downloaded at run time). */
export const SAMPLE_TABC = {
  licences: resolve('test/fixtures/tabc/licenses.csv'),
  delinquent: resolve('test/fixtures/tabc/delinquent.csv'),
};

export interface SeedDemoOptions {
  /** Invoices over the demo's year (SEED_DEMO_INVOICES; default 2,000). */
  invoices?: number;
  /** The instant the demo's history ends before (default: now). */
  now?: string;
  /** The console progress bar (default on). */
  progress?: boolean;
}

/**
 * Seeds the demo distributor once: when the demo login exists (a demo seeded before, on this database) it does
 * nothing and answers null. Otherwise it writes the demo's year through the application's commands
 * (apps/api/src/demo) and answers what it wrote.
 */
export async function seedDemo(
  app: INestApplicationContext,
  pool: pg.Pool,
  options: SeedDemoOptions = {},
): Promise<DemoSeedResult | null> {
  const { rows } = await pool.query('SELECT 1 FROM users WHERE lower(email) = $1', [DEMO_LOGIN.email]);
  if (rows.length > 0) return null;
  return runDemoSeed(app, pool, {
    size: demoSize(options.invoices ?? 2000),
    ...(options.now ? { now: options.now } : {}),
    progress: options.progress ?? true,
    tabc: SAMPLE_TABC,
  });
}

/** One line for the console: what the demo holds and how long it took. */
export const seededLine = (result: DemoSeedResult) => {
  const c = result.counts;
  return (
    `Seeded the demo distributor in ${(result.ms / 1000).toFixed(1)} s: ${c.customers} customers, ` +
    `${c.products} products, ${c.invoices} invoices, ${c.payments} payments, ${c.orders} orders, ` +
    `${c.restocks} restocks, ${c.rolls} stamp rolls, ${c.emails} e-mails (${result.commands} commands)`
  );
};

/** Where the seed's time went, per kind of command (for `npm run seed`). */
export const timingLine = (result: DemoSeedResult) =>
  'Time per kind: ' +
  Object.entries(result.timings)
    .sort(([, a], [, b]) => b - a)
    .map(([kind, ms]) => `${kind} ${(ms / 1000).toFixed(1)} s`)
    .join(', ');
