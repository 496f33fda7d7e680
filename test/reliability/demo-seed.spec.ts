import { jest } from '@jest/globals';
import { allProjections } from '#projections/index.js';
import { ident } from '#projections/projection.js';
import { rebuildProjection } from '#engine';
import type { Queryable } from '#infra/db/database.js';
import { DEMO_LOGIN, seedDemo } from '../../apps/api/src/seed.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient } from '../support/http.js';

/**
 * The demo seed: a year of a distributor's history written through the application's commands. A
 * smaller year here (200 invoices); `npm start` writes 2,000. The same plan gives the same read models in two
 * databases, a second run writes nothing, and every projection's rebuild from the first event equals what the live
 * projections kept while the seed ran without waiting for them command by command.
 */

const NOW = '2026-11-20T18:00:00.000Z';
const SIZE = 200;
jest.setTimeout(300_000);

/**
 * Columns that name an event or its place in the store rather than the business: event ids are random (each append
 * makes its own), an e-mail's id is drawn when it is sent (the e-mail log's id, an e-mail's activity row's
 * emailId), and the global position of a payment or a restock depends on which of the concurrently written ones
 * committed first. Two seeds agree on everything else.
 */
const STORE_NOISE: Record<string, string[]> = {
  rm_activity: ['event_id'],
  rm_stamp_log: ['event_id'],
  rm_inventory_history: ['id', 'position'],
  rm_invoice_email: ['id'],
};

/** Every read-model table's rows as text, in a canonical order (without STORE_NOISE when `comparable`). */
async function readModels(db: Queryable, comparable = false): Promise<Record<string, string[]>> {
  const tables = [...new Set(allProjections.flatMap((p) => p.tables))].sort();
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    const noise = comparable ? (STORE_NOISE[table] ?? []) : [];
    const { rows } = await db.query<{ row: string }>(
      // an activity row of an e-mail names the drawn id in its details
      `SELECT (CASE WHEN $2 THEN (to_jsonb(t) - $1::text[]) #- '{details,emailId}' ELSE to_jsonb(t) END)::text AS row
         FROM ${ident(table)} t ORDER BY 1`,
      [noise, comparable],
    );
    out[table] = rows.map((r) => r.row);
  }
  return out;
}

/** Waits until every projection has applied every stored event (a sign-in's activity is not waited for). */
async function caughtUp(app: TestApp): Promise<void> {
  const head = await app.runtime.store.headCheckpoint();
  expect(await app.runtime.projections.waitFor(head, 30_000)).toBe(true);
}

async function eventCount(app: TestApp): Promise<number> {
  const { rows } = await app.runtime.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM events');
  return rows[0]!.n;
}

describe('Demo seed', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await startTestApp({ SEED_DEMO: 'false' });
    second = await startTestApp({ SEED_DEMO: 'false' });
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('writes a year of history through the commands, the same in two databases, and only once', async () => {
    const seeded = await seedDemo(first.app, first.runtime.pool, {
      invoices: SIZE,
      now: NOW,
      progress: false,
    });
    const again = await seedDemo(second.app, second.runtime.pool, {
      invoices: SIZE,
      now: NOW,
      progress: false,
    });
    expect(seeded).not.toBeNull();
    expect(again).not.toBeNull();
    expect(seeded!.counts.invoices).toBeGreaterThan(150);
    expect(seeded!.counts.orders).toBeGreaterThan(0);

    const [a, b] = [await readModels(first.runtime.pool, true), await readModels(second.runtime.pool, true)];
    expect(a.rm_invoice!.length).toBe(seeded!.counts.invoices);
    for (const table of Object.keys(a)) expect({ table, rows: b[table] }).toEqual({ table, rows: a[table] });

    // A year of everything the demo is for.
    const one = async (sql: string) => (await first.runtime.pool.query(sql)).rows[0];
    const statuses = (await first.runtime.pool.query('SELECT DISTINCT status FROM rm_invoice')).rows.map(
      (r) => r.status,
    );
    expect(statuses).toEqual(expect.arrayContaining(['paid', 'partially_paid', 'payment_due', 'cancelled']));
    expect(
      await one(`SELECT min(invoiced_on)::text AS first, max(invoiced_on)::text AS last FROM rm_invoice`),
    ).toEqual({
      first: expect.stringMatching(/^2025-1[12]-/),
      last: expect.stringMatching(/^2026-11-(1\d|20)$/),
    });
    expect(
      (await one('SELECT count(*)::int AS n FROM rm_invoice WHERE balance_cents > 0')).n,
    ).toBeGreaterThan(0);
    expect((await one(`SELECT count(*)::int AS n FROM rm_order WHERE status = 'placed'`)).n).toBeGreaterThan(
      0,
    );
    expect(
      (await one(`SELECT count(*)::int AS n FROM rm_order WHERE status = 'invoiced'`)).n,
    ).toBeGreaterThan(0);
    expect((await one('SELECT sum(destroyed_count)::int AS n FROM rm_stamp_roll')).n).toBeGreaterThan(0);
    expect(
      (await one(`SELECT count(*)::int AS n FROM rm_inventory_history WHERE source = 'RESTOCK'`)).n,
    ).toBeGreaterThan(0);
    expect((await one('SELECT count(*)::int AS n FROM rm_invoice_email')).n).toBeGreaterThan(0);
    // The Comptroller report's data: every retailer has a taxpayer number, every product a case size.
    expect(
      await one(
        `SELECT (SELECT count(*) FROM rm_customer WHERE comptroller_taxpayer_number IS NULL)::int AS customers,
                (SELECT count(*) FROM rm_product WHERE case_size IS NULL)::int AS products`,
      ),
    ).toEqual({ customers: 0, products: 0 });
    expect(await one('SELECT name, subdomain FROM rm_company')).toEqual({
      name: 'Hill Country Beverage Co.',
      subdomain: 'hillcountry',
    });

    // What the owner sees.
    const signIn = await apiClient(first.baseUrl).post('auth/signin', {
      email: DEMO_LOGIN.email,
      password: DEMO_LOGIN.password,
    });
    expect(signIn.status).toBeLessThan(300);
    // The demo shows the delinquent-list gate: Gulf Coast Oyster Bar (known by its AIMS licence id, listed by its
    // legacy permit) is on the list, and a new invoice for it is warned.
    const owner = apiClient(first.baseUrl);
    const token = signIn.body.access_token as string;
    const [gulf] = (await owner.get('customer?search=Gulf%20Coast', token)).body as { id: string }[];
    expect((await owner.get(`customer/${gulf!.id}/delinquency`, token)).body).toMatchObject({
      delinquent: true,
      list_number: '2026-22',
    });
    expect(
      (await owner.get(`invoice/checks?customer_id=${gulf!.id}&invoiced_at=2026-11-20`, token)).body
        .delinquent,
    ).toMatchObject({ in_effect: true });
    const events = await eventCount(first);
    expect(await seedDemo(first.app, first.runtime.pool, { invoices: SIZE, progress: false })).toBeNull();
    expect(await eventCount(first)).toBe(events);
  });

  it('leaves read models that equal a rebuild of every projection from the first event', async () => {
    await caughtUp(first);
    const live = await readModels(first.runtime.pool);
    for (const projection of allProjections)
      await rebuildProjection(first.runtime.pool, first.runtime.store, projection, { batchSize: 250 });
    const rebuilt = await readModels(first.runtime.pool);
    for (const table of Object.keys(live))
      expect({ table, rows: rebuilt[table] }).toEqual({ table, rows: live[table] });
  });
});
