import { jest } from '@jest/globals';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { businessDate } from '#domain/shared/business-date.js';
import { PostgresEventStore, rebuildProjection } from '#engine';
import { createPool } from '#infra/db/database.js';
import { allProjections } from '#projections/index.js';
import { ident } from '#projections/projection.js';
import { startTestApp, type TestApp } from '../support/app.js';
import {
  archiveCurrentWal,
  binariesPresent,
  initArchivingCluster,
  pgRun,
  PG_BIN,
  recoverTo,
  serverDir,
  startServer,
  type ArchivingServer,
} from '../support/archiving-postgres.js';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';

/**
 * Point-in-time recovery, as docs/operations.md describes it: a Postgres that archives its WAL and a base backup
 * taken while it runs; invoices with stamps and payments written through the API; at T+1 s every event is deleted
 * and a read model dropped by mistake; the base backup restored with the archive up to T. Every invoice, stamp
 * allocation and payment from before T is back, none from after it, the API serves on the restored database and
 * goes on numbering and stamping where T left off, and every read model equals its rebuild from the first event.
 */
jest.setTimeout(180_000);

const describeIfBinaries = binariesPresent() ? describe : describe.skip;
if (!binariesPresent()) console.warn(`point-in-time recovery: no pg_basebackup in ${PG_BIN} (set PG_BIN)`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params?: unknown[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** What a company holds, read from the store and the read models: the figures compared before and after. */
async function holdings(url: string, companyId: string) {
  const invoices = await query<{ number: string }>(
    url,
    `SELECT number FROM rm_invoice WHERE company_id = $1 AND deleted_at IS NULL ORDER BY sequence`,
    [companyId],
  );
  const stamps = await query<{ range: string }>(
    url,
    `SELECT invoice_number || ' ' || prefix || range_from || '-' || prefix || range_to AS range
       FROM rm_stamp_log WHERE company_id = $1 AND kind = 'allocated' ORDER BY seq`,
    [companyId],
  );
  const payments = await query<{ id: string }>(
    url,
    `SELECT id FROM rm_invoice_payment WHERE company_id = $1 ORDER BY id`,
    [companyId],
  );
  const events = await query<{ n: number }>(url, 'SELECT count(*)::int AS n FROM events');
  return {
    invoices: invoices.map((r) => r.number),
    stamps: stamps.map((r) => r.range),
    payments: payments.map((r) => r.id),
    events: events[0]!.n,
  };
}

/** Every read model's digest: compared before and after rebuilding them all from the first event. */
async function readModelDigests(pool: pg.Pool): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of [...new Set(allProjections.flatMap((p) => p.tables))].sort()) {
    const { rows } = await pool.query<{ digest: string }>(
      `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM ${ident(table)} t`,
    );
    out[table] = rows[0]!.digest;
  }
  return out;
}

describeIfBinaries('Point-in-time recovery from a base backup and the WAL archive', () => {
  const root = mkdtempSync(join(tmpdir(), 'stampline-pitr-'));
  chmodSync(root, 0o755); // as root the server runs as the OS user postgres, which must reach it
  const archive = join(root, 'archive');
  const servers: ArchivingServer[] = [];
  let app: TestApp | undefined;

  afterAll(async () => {
    await app?.close();
    for (const server of servers) server.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('restores every invoice, stamp and payment written before T and nothing after it', async () => {
    // A server that archives its WAL, the application's schema on it, and a base backup while it runs.
    initArchivingCluster(join(root, 'data'), archive);
    const primary = await startServer(join(root, 'data'));
    servers.push(primary);
    await query(primary.url(), 'CREATE DATABASE stampline');
    const url = primary.url('stampline');
    const database = { url, drop: async () => {} };
    app = await startTestApp({}, { database });
    const baseBackup = serverDir(join(root, 'base'));
    pgRun('pg_basebackup', [
      ...['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres'],
      ...['-D', baseBackup, '-Ft', '-z', '-X', 'stream', '-c', 'fast'],
    ]);

    // After the base backup: a company's invoices with liquor (so stamps) and payments, through the API.
    let api: ApiClient = apiClient(app.baseUrl);
    const owner = await signUpOwner(api);
    const companyId = owner.user.company_id as string;
    const today = businessDate(new Date().toISOString());
    const ok = async (response: Promise<{ status: number; body: any }>) => {
      const { status, body } = await response;
      if (status >= 300) throw new Error(`${status} ${JSON.stringify(body)}`);
      return body;
    };
    await ok(api.post('company/feature', { name: 'payment', active: true }, owner.token));
    const customer = (await ok(api.post('customer', RUSTY_NAIL, owner.token))).id as string;
    const product = async (name: string, type: string) =>
      (
        await ok(
          api.post(
            'product',
            {
              product: name,
              product_type: type,
              product_size: '750ml',
              product_price: 20,
              last_purchase_price: '15',
            },
            owner.token,
          ),
        )
      ).id as string;
    const vodka = await product("Tito's Vodka", 'liquor');
    const whiskey = await product('Jack Daniels', 'liquor');
    const wine = await product('House Red', 'wine');
    await ok(api.post('stamp/roll', { prefix: 'TX', received_at: today, from: 1000, to: 9999 }, owner.token));
    const anInvoice = (n: number) =>
      ok(
        api.post(
          'invoice',
          {
            customer_id: customer,
            force: true,
            items: [
              { product_id: vodka, qty: 1 + (n % 3), price: 19.99 },
              { product_id: whiskey, qty: 2, price: 24.5 },
              { product_id: wine, qty: 1, price: 8.99 },
            ],
          },
          owner.token,
        ),
      ) as Promise<{ id: string; number: string }>;
    for (let n = 0; n < 12; n++) {
      const invoice = await anInvoice(n);
      if (n % 2 === 0)
        await ok(
          api.post(`invoice/${invoice.id}/payment`, { amount: '10', received_at: today }, owner.token),
        );
    }
    await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint(), 30_000);
    const before = await holdings(url, companyId);
    expect(before.invoices).toHaveLength(12);
    expect(before.stamps).toHaveLength(12);
    expect(before.payments).toHaveLength(6);

    // T: the next whole second of the server's clock, once everything above is committed before it.
    const [{ t }] = await query<{ t: string }>(
      url,
      `SELECT to_char((date_trunc('second', clock_timestamp()) + interval '1 second') AT TIME ZONE 'UTC',
                      'YYYY-MM-DD HH24:MI:SS') || '+00' AS t`,
    );
    const serverPassed = async (instant: string) => {
      for (;;) {
        const [{ passed }] = await query<{ passed: boolean }>(
          url,
          'SELECT clock_timestamp() >= $1 AS passed',
          [instant],
        );
        if (passed) return;
        await sleep(50);
      }
    };
    await serverPassed(t);

    // After T: one more invoice (it must not come back), then at T+1 s the mistake.
    const late = await anInvoice(99);
    await app.close();
    app = undefined;
    const [{ mistakeAt }] = await query<{ mistakeAt: string }>(
      url,
      `SELECT ($1::timestamptz + interval '1 second')::text AS "mistakeAt"`,
      [t],
    );
    await serverPassed(mistakeAt);
    await query(url, 'BEGIN; DELETE FROM events; DROP TABLE rm_invoice_payment; COMMIT');
    expect(await query(url, 'SELECT 1 FROM events')).toHaveLength(0);
    await archiveCurrentWal(primary.url(), archive);
    primary.stop();

    // The recovery: the base backup, the archive replayed up to T, promoted.
    const restored = await recoverTo(baseBackup, serverDir(join(root, 'restored')), archive, t);
    servers.push(restored);
    const restoredUrl = restored.url('stampline');
    const after = await holdings(restoredUrl, companyId);
    expect(after).toEqual(before);
    const [{ lateEvents }] = await query<{ lateEvents: number }>(
      restoredUrl,
      `SELECT count(*)::int AS "lateEvents" FROM events WHERE stream_id = $1`,
      [`invoice-${late.id}`],
    );
    expect(lateEvents).toBe(0);

    // The API on the restored database: the same invoices, and the next one takes the number and stamps after T's.
    app = await startTestApp({}, { database: { url: restoredUrl, drop: async () => {} } });
    api = apiClient(app.baseUrl);
    const signedIn = await ok(api.post('auth/signin', { email: owner.email, password: owner.password }));
    owner.token = signedIn.access_token as string;
    const grid = await ok(api.get('invoice/grid?startRow=0&endRow=100', owner.token));
    expect((grid.rows as { number: string }[]).map((r) => r.number).sort()).toEqual(
      [...before.invoices].sort(),
    );
    const next = await anInvoice(100);
    expect(next.number).toBe(late.number);
    await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint(), 30_000);
    const continued = await holdings(restoredUrl, companyId);
    expect(continued.invoices).toEqual([...before.invoices, next.number]);
    expect(continued.stamps.slice(0, before.stamps.length)).toEqual(before.stamps);
    const lastStamp = (range: string) => Number(/-TX(\d+)$/.exec(range)![1]);
    const firstStamp = (range: string) => Number(/ TX(\d+)-/.exec(range)![1]);
    expect(firstStamp(continued.stamps[before.stamps.length]!)).toBe(lastStamp(before.stamps.at(-1)!) + 1);
    await app.close();
    app = undefined;

    // Every read model equals its rebuild from the first event.
    const pool = createPool(restoredUrl, 4);
    const store = new PostgresEventStore(restoredUrl, {}, pool);
    try {
      const live = await readModelDigests(pool);
      for (const projection of allProjections) await rebuildProjection(pool, store, projection);
      expect(await readModelDigests(pool)).toEqual(live);
    } finally {
      await store.close();
      await pool.end();
    }
  });
});
