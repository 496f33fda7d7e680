import { spawn, type ChildProcess } from 'node:child_process';
import { Writable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createPool, type Pool } from '#infra/db/database.js';
import { waitUntil } from '#engine/event-store/event-store.contract.js';
import { START, type NewEvent, type StoredEvent } from '#engine';
import { PostgresEventStore } from '#engine';
import { ACTIVITY_TABLES, activityProjection } from '#projections/activity/activity.projection.js';
import { defineProjection, ident, type Projection } from '#projections/projection.js';
import {
  ensureProjectionSchema,
  printStatus,
  ProjectionRunner,
  rebuildProjection,
  rebuildWithProgressBar,
  type ProjectionLogger,
  type ProjectionRunnerOptions,
} from '#engine';
import {
  appendGenerated,
  evolveGridRow,
  foldExpected,
  generateInvoiceEvents,
  GRID_TABLE,
  INVOICE_GRID_SCHEMA,
  invoiceGridProjection,
  snapshotTable,
  type GridRow,
} from '../bench/invoice-grid.fixture.js';
import { createTestDatabase } from '../support/database.js';

// --- a fresh database per test ------------------------------------------------------------------------------

const FRAGILE_SCHEMA = `CREATE TABLE IF NOT EXISTS rm_test_fragile (event_id uuid PRIMARY KEY, label text NOT NULL)`;

interface Env {
  url: string;
  pool: Pool;
  store: PostgresEventStore;
  logs: { level: string; message: string; details: Record<string, unknown> }[];
  logger: ProjectionLogger;
  runner(projections: Projection[], options?: ProjectionRunnerOptions, pool?: Pool): ProjectionRunner;
  openPool(options?: string): Pool;
  close(): Promise<void>;
}

async function openEnv(): Promise<Env> {
  const db = await createTestDatabase('projections');
  const store = new PostgresEventStore(db.url, { pollIntervalMs: 50 });
  await store.ensureSchema();
  const pools: Pool[] = [];
  const runners: ProjectionRunner[] = [];
  const openPool = (options?: string) => {
    const pool = options ? new pg.Pool({ connectionString: db.url, max: 6, options }) : createPool(db.url, 6);
    pool.on('error', () => {});
    pools.push(pool);
    return pool;
  };
  const pool = openPool();
  await ensureProjectionSchema(pool);
  await pool.query(INVOICE_GRID_SCHEMA + ACTIVITY_TABLES + FRAGILE_SCHEMA);
  const logs: Env['logs'] = [];
  const logger: ProjectionLogger = {
    info: (details, message) => logs.push({ level: 'info', message, details }),
    warn: (details, message) => logs.push({ level: 'warn', message, details }),
    error: (details, message) => logs.push({ level: 'error', message, details }),
  };
  return {
    url: db.url,
    pool,
    store,
    logs,
    logger,
    openPool,
    runner(projections, options = {}, runnerPool = pool) {
      const runner = new ProjectionRunner(runnerPool, store, projections, {
        batchSize: 50,
        lockRetryMs: 100,
        pollIntervalMs: 20,
        logger,
        ...options,
      });
      runners.push(runner);
      return runner;
    },
    async close() {
      for (const runner of runners) await runner.stop();
      await store.close();
      for (const p of pools) await p.end().catch(() => {});
      await db.drop();
    },
  };
}

function activityEvent(
  type: string,
  data: Record<string, unknown>,
  occurredAt = '2026-03-08T07:59:59.500Z',
): NewEvent {
  return {
    id: randomUUID(),
    type,
    data,
    metadata: { companyId: 'ignored', userId: 'u-meta', occurredAt, schemaVersion: 1 },
  };
}

async function appendActivity(env: Env, company: string, count: number): Promise<string> {
  const types = ['UserSignedIn', 'UserSignedUp', 'UserSignedOut', 'PasswordReset', 'ProfileUpdated'];
  let checkpoint = START;
  for (let i = 0; i < count; i++) {
    const event = activityEvent(types[i % types.length]!, {
      userId: `u-${i % 3}`,
      email: `user${i}@example.com`,
    });
    ({ checkpoint } = await env.store.appendToStreams([
      { stream: `activity-${company}`, expected: 'any', events: [event] },
    ]));
  }
  return checkpoint;
}

/** How many generated invoice events the activity log also takes (invoices and payments are activity). */
const activityHandled = (events: readonly { event: { type: string } }[]) =>
  events.filter(({ event }) => activityProjection.handles.includes(event.type)).length;

async function readAllEvents(env: Env): Promise<StoredEvent[]> {
  const events: StoredEvent[] = [];
  for (let from = START; ;) {
    const batch = await env.store.readAll(from, 1000);
    if (batch.length === 0) return events;
    events.push(...batch);
    from = batch[batch.length - 1]!.checkpoint;
  }
}

async function caughtUp(env: Env, runner: ProjectionRunner, timeoutMs = 20_000): Promise<void> {
  expect(await runner.waitFor(await env.store.headCheckpoint(), timeoutMs)).toBe(true);
}

const gridSnapshot = (db: Pool) => snapshotTable(db, GRID_TABLE, 'invoice_id');
const activitySnapshot = (db: Pool) => snapshotTable(db, 'rm_activity', 'event_id');

/** The grid a correct projector shows, as rows of text, for comparison with gridSnapshot. */
async function expectedGrid(db: Pool, rows: Iterable<GridRow>): Promise<string[]> {
  const list = [...rows];
  const { rows: out } = await db.query(
    `SELECT t::text AS row FROM (
       SELECT invoice_id, company_id, number, customer_id, customer_name, status, total_cents, paid_cents,
              total_cents - paid_cents AS balance_cents, issued_on, due_on, last_paid_on, updated_at, revision
         FROM unnest($1::uuid[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::bigint[],
                     $9::date[], $10::date[], $11::date[], $12::timestamptz[], $13::bigint[])
              AS r(invoice_id, company_id, number, customer_id, customer_name, status, total_cents, paid_cents,
                   issued_on, due_on, last_paid_on, updated_at, revision)) t
     ORDER BY invoice_id`,
    [
      list.map((r) => r.invoiceId),
      list.map((r) => r.companyId),
      list.map((r) => r.number),
      list.map((r) => r.customerId),
      list.map((r) => r.customerName),
      list.map((r) => r.status),
      list.map((r) => r.totalCents),
      list.map((r) => r.paidCents),
      list.map((r) => r.issuedOn),
      list.map((r) => r.dueOn),
      list.map((r) => r.lastPaidOn),
      list.map((r) => r.updatedAt),
      list.map((r) => r.revision),
    ],
  );
  return out.map((r: { row: string }) => r.row);
}

/** Folds the stored invoice events up to and including `checkpoint`. */
function foldStoredUpTo(env: Env, events: StoredEvent[], checkpoint: string): Map<string, GridRow> {
  const rows = new Map<string, GridRow>();
  for (const event of events) {
    if (env.store.compareCheckpoints(event.checkpoint, checkpoint) > 0) break;
    if (!event.streamId.startsWith('invoice-')) continue;
    const id = event.streamId.slice('invoice-'.length);
    rows.set(id, evolveGridRow(rows.get(id), event));
  }
  return rows;
}

async function checkpointRow(db: Pool, name: string) {
  const { rows } = await db.query(
    `SELECT checkpoint, version, status, error, error_event_id, events_applied::int AS applied
       FROM projection_checkpoints WHERE name = $1`,
    [name],
  );
  return rows[0] as
    | {
        checkpoint: string;
        version: number;
        status: string;
        error: string | null;
        error_event_id: string | null;
        applied: number;
      }
    | undefined;
}

async function markBuilt(db: Pool, projection: Projection): Promise<void> {
  await db.query(
    `INSERT INTO projection_checkpoints (name, checkpoint, version, status) VALUES ($1, '', $2, 'running')
     ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version`,
    [projection.name, projection.version],
  );
}

// --- the tests ----------------------------------------------------------------------------------------------

describe('Projection runner', () => {
  let env: Env;
  beforeEach(async () => {
    env = await openEnv();
  });
  afterEach(async () => {
    await env.close();
  });

  describe('with invoice and activity events', () => {
    it('keeps read-model rows and the checkpoint in one transaction: a reader never sees one without the other', async () => {
      const generated = [...generateInvoiceEvents({ invoices: 120, spread: 9 })];
      await appendGenerated(env.store, generated, 20);
      await appendActivity(env, 'c-1', 30);
      const stored = await readAllEvents(env);
      const runner = env.runner([invoiceGridProjection, activityProjection], { batchSize: 13 });
      await markBuilt(env.pool, invoiceGridProjection);
      await markBuilt(env.pool, activityProjection);

      // Sample checkpoint and rows in one snapshot while the runner works through 630 events, 13 at a time.
      const reader = env.openPool();
      const samples: { checkpoint: string; rows: string[] }[] = [];
      let sampling = true;
      const sampler = (async () => {
        const client = await reader.connect();
        try {
          while (sampling) {
            await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
            const { rows } = await client.query(
              `SELECT checkpoint FROM projection_checkpoints WHERE name = $1`,
              [invoiceGridProjection.name],
            );
            const snapshot = await snapshotTable(client, GRID_TABLE, 'invoice_id');
            await client.query('COMMIT');
            samples.push({ checkpoint: rows[0]?.checkpoint ?? START, rows: snapshot });
          }
        } finally {
          client.release();
        }
      })();
      try {
        await runner.start();
        await caughtUp(env, runner);
      } finally {
        sampling = false;
        await sampler;
      }

      expect(samples.length).toBeGreaterThan(3);
      for (const sample of samples.filter((_, i) => i % Math.ceil(samples.length / 12) === 0)) {
        expect(sample.rows).toEqual(
          await expectedGrid(env.pool, foldStoredUpTo(env, stored, sample.checkpoint).values()),
        );
      }
      expect(await gridSnapshot(env.pool)).toEqual(
        await expectedGrid(env.pool, foldExpected(generated).values()),
      );
      const head = await env.store.headCheckpoint();
      expect(await checkpointRow(env.pool, invoiceGridProjection.name)).toMatchObject({
        checkpoint: head,
        applied: 600,
      });
      expect(await checkpointRow(env.pool, activityProjection.name)).toMatchObject({
        checkpoint: head,
        applied: 30 + activityHandled(generated),
      });
    });

    it('gives the same rows when events are delivered again', async () => {
      const generated = [...generateInvoiceEvents({ invoices: 60 })];
      await appendGenerated(env.store, generated);
      await appendActivity(env, 'c-1', 20);
      const first = env.runner([invoiceGridProjection, activityProjection]);
      await first.start();
      await caughtUp(env, first);
      const grid = await gridSnapshot(env.pool);
      const activity = await activitySnapshot(env.pool);
      await first.stop();

      // Re-deliver everything from the start, and (in one transaction) one batch twice.
      await env.pool.query(`UPDATE projection_checkpoints SET checkpoint = ''`);
      const second = env.runner([invoiceGridProjection, activityProjection], { batchSize: 17 });
      await second.start();
      await caughtUp(env, second);
      expect(await gridSnapshot(env.pool)).toEqual(grid);
      expect(await activitySnapshot(env.pool)).toEqual(activity);

      const events = await readAllEvents(env);
      const client = await env.pool.connect();
      try {
        await client.query('BEGIN');
        for (const projection of [invoiceGridProjection, activityProjection]) {
          const handled = events.filter((e) => projection.handles.includes(e.type));
          const tables = Object.fromEntries(projection.tables.map((t) => [t, t]));
          await projection.apply(client, handled, tables);
          await projection.apply(client, handled.slice(10, 40), tables);
        }
        await client.query('COMMIT');
      } finally {
        client.release();
      }
      expect(await gridSnapshot(env.pool)).toEqual(grid);
      expect(await activitySnapshot(env.pool)).toEqual(activity);
    });

    it('rebuilds into tables equal row for row to the live ones, keeping their names, indexes and persistence', async () => {
      const generated = [...generateInvoiceEvents({ invoices: 150, spread: 11 })];
      await appendGenerated(env.store, generated, 30);
      await appendActivity(env, 'c-2', 25);
      const runner = env.runner([invoiceGridProjection, activityProjection], { batchSize: 7 });
      await runner.start();
      await caughtUp(env, runner);
      const live = { grid: await gridSnapshot(env.pool), activity: await activitySnapshot(env.pool) };
      const catalog = await tableCatalog(env.pool, [GRID_TABLE, 'rm_activity']);
      await runner.stop();

      // Rows in memory (write-behind), a row cache smaller than the table (rows written out, read back), and
      // plain batches through apply().
      const rounds = [
        { projection: invoiceGridProjection, cachedRows: undefined },
        { projection: invoiceGridProjection, cachedRows: 37 },
        { projection: { ...invoiceGridProjection, rows: undefined }, cachedRows: undefined },
      ];
      for (const { projection, cachedRows } of rounds) {
        const progress: number[] = [];
        const result = await rebuildProjection(env.pool, env.store, projection, {
          batchSize: 100,
          cachedRows,
          onProgress: (p) => progress.push(p.done),
        });
        await rebuildProjection(env.pool, env.store, activityProjection, { batchSize: 100 });
        expect(result).toMatchObject({
          events: 775,
          applied: 750,
          checkpoint: await env.store.headCheckpoint(),
        });
        expect(progress.at(-1)).toBe(775);
        expect(await gridSnapshot(env.pool)).toEqual(live.grid);
        expect(await activitySnapshot(env.pool)).toEqual(live.activity);
        expect(await tableCatalog(env.pool, [GRID_TABLE, 'rm_activity'])).toEqual(catalog);
      }
      expect(live.grid).toEqual(await expectedGrid(env.pool, foldExpected(generated).values()));
    });

    it('rebuilds every event committed before it began, also those an older running transaction holds back', async () => {
      await appendActivity(env, 'c-horizon', 5);
      // A transaction of another database on the same server, older than the next appends: readers cannot take
      // events committed after it began (the store's horizon) until it ends.
      const other = new pg.Client({ connectionString: env.url });
      await other.connect();
      await other.query('BEGIN');
      await other.query('SELECT pg_current_xact_id()');
      let ended = false;
      try {
        await appendActivity(env, 'c-horizon', 4);
        // Readers see the first five only (once other tests' transactions on this server are out of the way).
        const deadline = Date.now() + 5000;
        while ((await env.store.readAll(START, 100)).length < 5 && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 10));
        expect(await env.store.readAll(START, 100)).toHaveLength(5);
        setTimeout(() => {
          ended = true;
          void other.query('COMMIT').then(() => other.end());
        }, 300);
        const result = await rebuildProjection(env.pool, env.store, activityProjection, { batchSize: 3 });
        expect(ended).toBe(true);
        expect(result).toMatchObject({ events: 9, checkpoint: await env.store.headCheckpoint() });
        const { rows } = await env.pool.query(`SELECT count(*)::int AS n FROM rm_activity`);
        expect(rows[0].n).toBe(9);
      } finally {
        if (!ended) await other.end();
      }
    });

    it('rebuilds identical tables under different process and database time zones', async () => {
      const generated = [...generateInvoiceEvents({ invoices: 80 })];
      await appendGenerated(env.store, generated);
      await appendActivity(env, 'c-3', 15);
      const zones = [
        { process: 'Pacific/Kiritimati', session: 'Pacific/Pago_Pago' },
        { process: 'America/Anchorage', session: 'Asia/Kathmandu' },
      ];
      const snapshots: string[][][] = [];
      const originalTz = process.env.TZ;
      try {
        for (const zone of zones) {
          process.env.TZ = zone.process;
          const zoned = env.openPool(`-c TimeZone=${zone.session}`);
          const { rows } = await zoned.query('SHOW TimeZone');
          expect(rows[0].TimeZone).toBe(zone.session);
          await rebuildProjection(zoned, env.store, invoiceGridProjection, { batchSize: 64 });
          await rebuildProjection(zoned, env.store, activityProjection, { batchSize: 64 });
          snapshots.push([await gridSnapshot(env.pool), await activitySnapshot(env.pool)]);
        }
      } finally {
        process.env.TZ = originalTz;
      }
      expect(snapshots[1]).toEqual(snapshots[0]);
      expect(snapshots[0]![0]).toEqual(await expectedGrid(env.pool, foldExpected(generated).values()));
    });

    it('rebuilds while the live runner applies new events and readers keep reading the table', async () => {
      const first = [...generateInvoiceEvents({ invoices: 300, spread: 13, seed: 1 })];
      await appendGenerated(env.store, first, 50);
      const runner = env.runner([invoiceGridProjection], { batchSize: 40 });
      await runner.start();
      await caughtUp(env, runner);

      const reader = env.openPool();
      const counts: number[][] = [[], []]; // what each of two readers sees, one statement after another
      const errors: unknown[] = [];
      let reading = true;
      const readers = counts.map(async (seen) => {
        while (reading) {
          try {
            const { rows } = await reader.query(`SELECT count(*)::int AS n FROM ${GRID_TABLE}`);
            seen.push(rows[0].n);
          } catch (error) {
            errors.push(error);
            if (errors.length > 10) break;
          }
        }
      });
      const more = [...generateInvoiceEvents({ invoices: 100, spread: 5, seed: 2, first: 300 })];
      let result;
      try {
        const writing = appendGenerated(env.store, more, 5);
        result = await rebuildProjection(env.pool, env.store, invoiceGridProjection, { batchSize: 50 });
        await writing;
        await caughtUp(env, runner);
      } finally {
        reading = false;
        await Promise.all(readers);
      }

      expect(errors).toEqual([]);
      // Always readable, and never a half-built table: every read has at least the 300 invoices there from the
      // start. (A statement that waited on the swap may miss the few events the swap itself caught up: its
      // snapshot predates the swap, so strict monotony is not promised.)
      for (const seen of counts) {
        expect(seen.length).toBeGreaterThan(20);
        expect(Math.min(...seen)).toBeGreaterThanOrEqual(300);
      }
      expect(Math.max(...counts.flat())).toBeGreaterThan(300);
      expect(result.events).toBeGreaterThanOrEqual(1500);
      expect(await gridSnapshot(env.pool)).toEqual(
        await expectedGrid(env.pool, foldExpected([...first, ...more]).values()),
      );
      const row = await checkpointRow(env.pool, invoiceGridProjection.name);
      expect(row).toMatchObject({ status: 'running', applied: 2000 });
      expect(await runner.status()).toEqual([
        expect.objectContaining({
          name: invoiceGridProjection.name,
          status: 'running',
          lag: 0,
          runningHere: true,
        }),
      ]);
    });

    it('prints the status table and a rebuild progress bar for the CLI', async () => {
      await appendGenerated(env.store, generateInvoiceEvents({ invoices: 30 }));
      const runner = env.runner([invoiceGridProjection, activityProjection]);
      await runner.start();
      await caughtUp(env, runner);
      const lines: string[] = [];
      await printStatus(runner, (line) => lines.push(line));
      expect(lines[0]).toMatch(/^name +version +checkpoint +lag +applied +status/);
      expect(lines.find((l) => l.startsWith('bench_invoice_grid'))).toMatch(/ 1 +\d+:\d+ +0 +150 +running/);
      const output: string[] = [];
      const stream = new Writable({
        write(chunk, _encoding, done) {
          output.push(String(chunk));
          done();
        },
      });
      const result = await rebuildWithProgressBar(env.pool, env.store, invoiceGridProjection, { stream });
      expect(result).toMatchObject({ events: 150, applied: 150 });
      expect(output.join('')).toMatch(/bench_invoice_grid v1 .*150\/150 events/);
    });

    it('rebuilds a projection whose version changed before it goes live', async () => {
      const generated = [...generateInvoiceEvents({ invoices: 50 })];
      await appendGenerated(env.store, generated);
      const v1 = env.runner([invoiceGridProjection]);
      await v1.start();
      await caughtUp(env, v1);
      await v1.stop();
      await env.pool.query(`UPDATE ${GRID_TABLE} SET customer_name = 'stale'`);

      const v2 = env.runner([{ ...invoiceGridProjection, version: 2 }]);
      await v2.start();
      expect(await checkpointRow(env.pool, invoiceGridProjection.name)).toMatchObject({
        version: 2,
        status: 'running',
        applied: 250,
        checkpoint: await env.store.headCheckpoint(),
      });
      expect(await gridSnapshot(env.pool)).toEqual(
        await expectedGrid(env.pool, foldExpected(generated).values()),
      );
      expect(env.logs.some((l) => l.message === 'rebuilding')).toBe(true);
    });
  });

  describe('when a projector cannot apply an event', () => {
    const fragile = (poison: string) =>
      defineProjection({
        name: 'fragile',
        version: 1,
        handles: ['Tick', 'Poison'],
        tables: ['rm_test_fragile'],
        async apply(tx, events, t) {
          for (const event of events) {
            if (event.type === poison)
              throw new Error(`cannot handle ${event.type} ${String(event.data.label)}`);
          }
          await tx.query(
            `INSERT INTO ${ident(t.rm_test_fragile!)} (event_id, label) SELECT * FROM unnest($1::uuid[], $2::text[])
             ON CONFLICT DO NOTHING`,
            [events.map((e) => e.id), events.map((e) => String(e.data.label))],
          );
        },
      });

    it('stops that projector with the error and the event recorded, and the others keep running', async () => {
      const tick = (label: string) => activityEvent('Tick', { label });
      const poison = activityEvent('Poison', { label: 'p1' });
      await env.store.appendToStreams([
        { stream: 'misc-1', expected: 'no_stream', events: [tick('a'), tick('b'), tick('c')] },
      ]);
      await env.store.appendToStreams([
        { stream: 'misc-1', expected: 2n, events: [tick('d'), poison, tick('e')] },
      ]);
      await appendActivity(env, 'c-1', 5);
      for (const p of [fragile('Poison'), activityProjection]) await markBuilt(env.pool, p);
      const runner = env.runner([fragile('Poison'), activityProjection], { batchSize: 100 });
      await runner.start();

      await waitUntil(() => env.logs.some((l) => l.level === 'error'), 5000);
      const row = await checkpointRow(env.pool, 'fragile');
      const events = await readAllEvents(env);
      const d = events.find((e) => e.data.label === 'd')!;
      expect(row).toMatchObject({
        status: 'failed',
        error_event_id: poison.id,
        checkpoint: d.checkpoint,
        applied: 4,
      });
      expect(row!.error).toContain('cannot handle Poison p1');
      const { rows } = await env.pool.query('SELECT label FROM rm_test_fragile ORDER BY label');
      expect(rows.map((r) => r.label)).toEqual(['a', 'b', 'c', 'd']);
      expect(env.logs.find((l) => l.level === 'error')?.details).toMatchObject({
        projection: 'fragile',
        eventId: poison.id,
      });

      // The activity log keeps going, and read-your-writes does not wait for the stopped projector.
      const checkpoint = await appendActivity(env, 'c-1', 3);
      expect(await runner.waitFor(checkpoint, 3000)).toBe(true);
      expect((await env.pool.query('SELECT count(*)::int AS n FROM rm_activity')).rows[0].n).toBe(8);
      const status = await runner.status();
      expect(status.find((s) => s.name === 'fragile')).toMatchObject({
        status: 'failed',
        errorEventId: poison.id,
        lag: 10, // Poison, e and the 8 activity events
      });
      expect(status.find((s) => s.name === 'activity')).toMatchObject({ status: 'running', lag: 0 });

      // Never skipped: after the fix (a restart with a projector that handles it), the event is applied.
      await runner.stop();
      const fixed = env.runner([fragile('Nothing'), activityProjection]);
      await fixed.start();
      await caughtUp(env, fixed);
      const after = await env.pool.query('SELECT label FROM rm_test_fragile ORDER BY label');
      expect(after.rows.map((r) => r.label)).toEqual(['a', 'b', 'c', 'd', 'e', 'p1']);
      expect(await checkpointRow(env.pool, 'fragile')).toMatchObject({
        status: 'running',
        error: null,
        applied: 6,
      });
    });
  });

  describe('in one shared pass per batch', () => {
    /** The projection, recording the transaction id of each batch it applies. */
    const recording = (projection: Projection, transactions: string[]) =>
      defineProjection({
        ...projection,
        rows: undefined,
        async apply(tx, events, tables) {
          transactions.push((await tx.query('SELECT pg_current_xact_id()::text AS xid')).rows[0].xid);
          await projection.apply(tx, events, tables);
        },
      });

    it('applies each batch for every projection at that checkpoint in one transaction, with all their checkpoints', async () => {
      const grid: string[] = [];
      const activity: string[] = [];
      const projections = [recording(invoiceGridProjection, grid), recording(activityProjection, activity)];
      for (const p of projections) await markBuilt(env.pool, p);
      const runner = env.runner(projections, { batchSize: 50 });
      await runner.start();
      const generated = [...generateInvoiceEvents({ invoices: 60, seed: 3 })];
      // Both stand at the head: every append wakes them together, and they read and apply it together.
      for (let i = 0; i < generated.length; i += 30) {
        const checkpoint = await appendGenerated(env.store, generated.slice(i, i + 30), 30);
        expect(await runner.waitFor(checkpoint, 5000)).toBe(true);
      }
      expect(grid.length).toBeGreaterThanOrEqual(generated.length / 30);
      // Every batch the activity log applied (it handles only some types) was the grid's transaction too.
      expect(activity.length).toBeGreaterThan(0);
      for (const xid of activity) expect(grid).toContain(xid);
      const rows = await env.pool.query(
        `SELECT DISTINCT checkpoint FROM projection_checkpoints WHERE name = ANY($1::text[])`,
        [projections.map((p) => p.name)],
      );
      expect(rows.rowCount).toBe(1);
      expect(await gridSnapshot(env.pool)).toEqual(
        await expectedGrid(env.pool, foldExpected(generated).values()),
      );
    });

    it('rolls back what it sent before the locks answered when a checkpoint row moved, and runs the pass on the rows', async () => {
      const grid: string[] = [];
      const activity: string[] = [];
      const projections = [recording(invoiceGridProjection, grid), recording(activityProjection, activity)];
      for (const p of projections) await markBuilt(env.pool, p);
      const runner = env.runner(projections, { batchSize: 500 });
      await runner.start();
      const generated = [...generateInvoiceEvents({ invoices: 20, seed: 5 })];
      const half = Math.floor(generated.length / 2);
      expect(
        await runner.waitFor(await appendGenerated(env.store, generated.slice(0, half), half), 5000),
      ).toBe(true);
      const activityRows = async () =>
        (await env.pool.query('SELECT count(*)::int AS n FROM rm_activity')).rows[0].n as number;
      const rowsBefore = await activityRows();
      // As if a rebuild had swapped in the activity log up to far ahead: its row no longer says what it knows.
      await env.pool.query(
        `UPDATE projection_checkpoints SET checkpoint = '999999999:999999999' WHERE name = $1`,
        [activityProjection.name],
      );
      const gridBefore = grid.length;
      const rest = generated.slice(half);
      expect(await runner.waitFor(await appendGenerated(env.store, rest, rest.length), 5000)).toBe(true);
      // The grid's statements went out early in a transaction that was rolled back, then again in the real one.
      expect(grid.length - gridBefore).toBeGreaterThanOrEqual(2);
      expect(await gridSnapshot(env.pool)).toEqual(
        await expectedGrid(env.pool, foldExpected(generated).values()),
      );
      // The activity log applied nothing in that pass (its row is ahead) and follows its row.
      expect(await activityRows()).toBe(rowsBefore);
      expect(await checkpointRow(env.pool, activityProjection.name)).toMatchObject({
        checkpoint: '999999999:999999999',
      });
    });

    // A projector that throws, and one whose statement fails: in a pipelined pass the members' statements travel
    // together, so the others' statements queued behind the failing one are refused too (25P02); the runner must
    // still stop the one at fault, not those it took down with it.
    it.each([
      ['throws', 'cannot handle Poison p1'],
      ['sends a statement that fails', 'division by zero'],
    ])(
      'stops a projector that %s inside the pass alone, with its error in the status, and the others go on together',
      async (how, message) => {
        const grid: string[] = [];
        const activity: string[] = [];
        const fragileProjection = defineProjection({
          name: 'zz_fragile', // after the others in the pass's name order: their statements go first,
          version: 1,
          handles: ['InvoiceCreated', 'Poison'],
          tables: ['rm_test_fragile'],
          async apply(tx, events, t) {
            const poison = events.find((event) => event.type === 'Poison');
            if (poison && how === 'throws')
              throw new Error(`cannot handle Poison ${String(poison.data.label)}`);
            if (poison) await tx.query('SELECT 1 / (count(*) - count(*)) FROM unnest($1::text[])', [['p']]);
            await tx.query(
              `INSERT INTO ${ident(t.rm_test_fragile!)} (event_id, label) SELECT * FROM unnest($1::uuid[], $2::text[])
             ON CONFLICT DO NOTHING`,
              [events.map((e) => e.id), events.map((e) => e.type)],
            );
          },
        });
        const projections = [
          recording(invoiceGridProjection, grid),
          recording(activityProjection, activity),
          fragileProjection,
        ];
        for (const p of projections) await markBuilt(env.pool, p);
        const runner = env.runner(projections, { batchSize: 50 });
        await runner.start();
        const generated = [...generateInvoiceEvents({ invoices: 40, seed: 4 })];
        await appendGenerated(env.store, generated.slice(0, 100), 100);
        const poison = activityEvent('Poison', { label: 'p1' });
        // In one append with invoice events: the pass that meets it carries the others' statements too.
        await appendGenerated(env.store, [
          ...generated.slice(100, 110),
          { stream: 'misc-1', revision: 0, event: poison },
        ]);
        await waitUntil(() => env.logs.some((l) => l.level === 'error'), 5000);
        const before = grid.length;
        for (let i = 110; i < generated.length; i += 25) {
          const checkpoint = await appendGenerated(env.store, generated.slice(i, i + 25), 25);
          expect(await runner.waitFor(checkpoint, 5000)).toBe(true); // not held back by the failed one
        }
        expect(await gridSnapshot(env.pool)).toEqual(
          await expectedGrid(env.pool, foldExpected(generated).values()),
        );
        // After the failure the grid and the activity log still share their transactions: passes where both had
        // events to apply ran in one (a batch with nothing for one of them, such as the rest of the poison's batch,
        // is the other's alone, so not every transaction is shared).
        const after = activity.filter((xid) => !grid.slice(0, before).includes(xid));
        expect(after.length).toBeGreaterThan(0);
        expect(after.filter((xid) => grid.includes(xid)).length).toBeGreaterThan(0);

        const status = await runner.status();
        expect(status.find((s) => s.name === 'zz_fragile')).toMatchObject({
          status: 'failed',
          errorEventId: poison.id,
        });
        expect(status.find((s) => s.name === 'zz_fragile')!.error).toContain(message);
        for (const name of [invoiceGridProjection.name, activityProjection.name])
          expect(status.find((s) => s.name === name)).toMatchObject({ status: 'running', lag: 0 });
        // The fragile one kept every event before the poison, exactly once.
        const created = generated.slice(0, 110).filter((g) => g.event.type === 'InvoiceCreated').length;
        expect((await env.pool.query('SELECT count(*)::int AS n FROM rm_test_fragile')).rows[0].n).toBe(
          created,
        );
        expect(await checkpointRow(env.pool, 'zz_fragile')).toMatchObject({
          status: 'failed',
          applied: created,
        });
      },
    );
  });

  describe('across processes', () => {
    it('leaves no lock connection open when stopped while it starts', async () => {
      const runner = env.runner([activityProjection]);
      const starting = runner.start().catch((error: unknown) => error);
      await runner.stop(); // the first tick's lock connection is still opening
      await starting;
      await new Promise((resolve) => setTimeout(resolve, 200));
      const { rows } = await env.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND application_name LIKE 'stampline-projections %'`,
      );
      expect(rows[0]!.n).toBe(0);
      expect(env.logs.filter((log) => log.level !== 'info')).toEqual([]);
    });

    it('runs each projection in exactly one of two runners, and the standby takes over when the owner stops', async () => {
      const generated = [...generateInvoiceEvents({ invoices: 40 })];
      await appendGenerated(env.store, generated);
      await appendActivity(env, 'c-1', 10);
      const projections = [invoiceGridProjection, activityProjection];
      for (const p of projections) await markBuilt(env.pool, p);
      const a = env.runner(projections, {}, env.openPool());
      const b = env.runner(projections, {}, env.openPool());
      await Promise.all([a.start(), b.start()]);
      await caughtUp(env, a);
      await caughtUp(env, b);
      const owners = async () =>
        Object.fromEntries(
          await Promise.all(
            projections.map(async (p) => {
              const [sa, sb] = [await a.status(), await b.status()].map((s) =>
                s.find((x) => x.name === p.name)!,
              );
              return [p.name, `${sa.runningHere ? 'a' : ''}${sb.runningHere ? 'b' : ''}`];
            }),
          ),
        );
      const before = await owners();
      for (const owner of Object.values(before)) expect(['a', 'b']).toContain(owner);

      // Stop every owner in a: b takes over within its lock retry and applies what comes next, once.
      await a.stop();
      const more = [...generateInvoiceEvents({ invoices: 10, seed: 9, first: 40 })];
      await appendGenerated(env.store, more);
      const checkpoint = await appendActivity(env, 'c-1', 5);
      expect(await b.waitFor(checkpoint, 5000)).toBe(true);
      expect(Object.values(await owners())).toEqual(['b', 'b']);
      expect(await checkpointRow(env.pool, invoiceGridProjection.name)).toMatchObject({ applied: 250 });
      expect(await checkpointRow(env.pool, activityProjection.name)).toMatchObject({
        applied: 15 + activityHandled([...generated, ...more]),
      });
    });

    it('waits for read-your-writes only for the projections a command names', async () => {
      for (const p of [invoiceGridProjection, activityProjection]) await markBuilt(env.pool, p);
      const worker = env.runner([invoiceGridProjection]); // nobody runs the activity log
      const api = env.runner([invoiceGridProjection, activityProjection]); // never started, like an API process
      await worker.start();
      const checkpoint = await appendGenerated(env.store, [...generateInvoiceEvents({ invoices: 5 })]);
      expect(await api.waitFor(checkpoint, 300)).toBe(false); // every projection: the activity log never moves
      expect(await api.waitFor(checkpoint, 5000, [invoiceGridProjection.name])).toBe(true);
      await expect(api.waitFor(checkpoint, 100, ['no_such_projection'])).rejects.toThrow(
        'no projection named no_such_projection',
      );
    });

    it('lets a process that runs no projection wait for read-your-writes through projection_checkpoints', async () => {
      await markBuilt(env.pool, activityProjection);
      const worker = env.runner([activityProjection]);
      const api = env.runner([activityProjection]); // never started: like an API process without projections
      const checkpoint = await appendActivity(env, 'c-9', 3);
      expect(await api.waitFor(checkpoint, 300)).toBe(false); // nobody runs it yet: times out, no throw
      await worker.start();
      expect(await api.waitFor(checkpoint, 5000)).toBe(true);
      expect((await env.pool.query('SELECT count(*)::int AS n FROM rm_activity')).rows[0].n).toBe(3);
    });
  });

  describe('when the runner dies mid-batch', () => {
    it('loses and repeats nothing after its process is killed, in a live batch and during a rebuild', async () => {
      const generated = [...generateInvoiceEvents({ invoices: 200, spread: 17, seed: 5 })];
      await appendGenerated(env.store, generated, 40);
      const stored = await readAllEvents(env);

      // Live: killed inside its third batch, after writing rows, before committing.
      await markBuilt(env.pool, invoiceGridProjection);
      await runChildUntil(env.url, 'live', 100, 'MID 3');
      const row = await waitForBackendsGone(env, invoiceGridProjection.name);
      expect(stored.findIndex((e) => e.checkpoint === row.checkpoint)).toBe(199); // two batches committed
      expect(await gridSnapshot(env.pool)).toEqual(
        await expectedGrid(env.pool, foldStoredUpTo(env, stored, row.checkpoint).values()),
      );
      const restarted = env.runner([invoiceGridProjection]);
      await restarted.start();
      await caughtUp(env, restarted);
      const afterCrash = await gridSnapshot(env.pool);
      expect(await checkpointRow(env.pool, invoiceGridProjection.name)).toMatchObject({ applied: 1000 });
      await restarted.stop();

      // The same events in another database, run without interruption.
      const other = await openEnv();
      try {
        await appendGenerated(other.store, generated, 40);
        const uninterrupted = other.runner([invoiceGridProjection]);
        await uninterrupted.start();
        await caughtUp(other, uninterrupted);
        expect(afterCrash).toEqual(await gridSnapshot(other.pool));
      } finally {
        await other.close();
      }

      // Rebuild (version bump): killed during the load; the restarted runner rebuilds from scratch.
      await env.pool.query(`UPDATE projection_checkpoints SET version = 0`);
      await runChildUntil(env.url, 'rebuild', 100, 'MID 4');
      await waitForBackendsGone(env, invoiceGridProjection.name);
      const shadow = await env.pool.query(
        `SELECT to_regclass('${GRID_TABLE}__shadow') IS NOT NULL AS exists`,
      );
      expect(shadow.rows[0].exists).toBe(true); // left behind, unlogged; the next rebuild replaces it
      expect(await gridSnapshot(env.pool)).toEqual(afterCrash); // the live table was never touched
      const again = env.runner([invoiceGridProjection]);
      await again.start();
      await caughtUp(env, again);
      expect(await gridSnapshot(env.pool)).toEqual(afterCrash);
      expect(await checkpointRow(env.pool, invoiceGridProjection.name)).toMatchObject({
        version: 1,
        applied: 1000,
      });
    });

    it('loses and repeats nothing when killed inside a shared pass: every table equals a full rebuild', async () => {
      const projections = [invoiceGridProjection, activityProjection];
      for (const p of projections) await markBuilt(env.pool, p);
      const generated = [...generateInvoiceEvents({ invoices: 120, spread: 11, seed: 7 })];
      // Appended once the child runs both projections at the head, so both read every batch together.
      let appending: Promise<void> | undefined;
      await runChildUntil(env.url, 'shared', 100, 'MID 3', (line) => {
        if (line === 'RUNNING') appending = appendGenerated(env.store, generated, 50).then(() => undefined);
      });
      await appending;
      const grid = await waitForBackendsGone(env, invoiceGridProjection.name);
      const activity = (await checkpointRow(env.pool, activityProjection.name))!;
      // Each committed whole batches and nothing of the one it was killed in: its applied count is exactly the
      // events up to its checkpoint. (They usually share every pass and stop at the same checkpoint; one activated a
      // moment before the other runs its first batches alone until they meet, so equal checkpoints are not asserted.)
      expect(grid.checkpoint).not.toBe('');
      expect(activity.checkpoint).not.toBe('');
      const stored = await readAllEvents(env);
      const upTo = (checkpoint: string) =>
        stored.slice(0, stored.findIndex((e) => e.checkpoint === checkpoint) + 1);
      expect(grid.applied).toBe(upTo(grid.checkpoint).length);
      expect(activity.applied).toBe(
        upTo(activity.checkpoint).filter((e) => activityProjection.handles.includes(e.type)).length,
      );
      expect(await gridSnapshot(env.pool)).toEqual(
        await expectedGrid(env.pool, foldStoredUpTo(env, stored, grid.checkpoint).values()),
      );

      // Restarted, it catches up; then every table equals a rebuild of it from the first event.
      const restarted = env.runner(projections);
      await restarted.start();
      await caughtUp(env, restarted);
      const live = { grid: await gridSnapshot(env.pool), activity: await activitySnapshot(env.pool) };
      expect(await checkpointRow(env.pool, invoiceGridProjection.name)).toMatchObject({
        applied: stored.length,
      });
      await restarted.stop();
      for (const p of projections) await rebuildProjection(env.pool, env.store, p);
      expect(await gridSnapshot(env.pool)).toEqual(live.grid);
      expect(await activitySnapshot(env.pool)).toEqual(live.activity);
      expect(live.grid).toEqual(await expectedGrid(env.pool, foldExpected(generated).values()));
    });

    it('retries a batch whose database connection is terminated, and applies it once', async () => {
      const generated = [...generateInvoiceEvents({ invoices: 60 })];
      await appendGenerated(env.store, generated);
      await markBuilt(env.pool, invoiceGridProjection);
      let batches = 0;
      let pid: number | undefined;
      const killable = defineProjection({
        ...invoiceGridProjection,
        async apply(tx, events, tables) {
          await invoiceGridProjection.apply(tx, events, tables);
          if (++batches === 3) {
            pid = (await tx.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
            await tx.query('SELECT pg_sleep(5)');
          }
        },
      });
      const runner = env.runner([killable], { batchSize: 40 });
      const started = runner.start();
      await waitUntil(() => pid !== undefined, 10_000);
      await env.pool.query('SELECT pg_terminate_backend($1)', [pid]);
      await started;
      await caughtUp(env, runner);
      expect(await gridSnapshot(env.pool)).toEqual(
        await expectedGrid(env.pool, foldExpected(generated).values()),
      );
      expect(await checkpointRow(env.pool, invoiceGridProjection.name)).toMatchObject({
        status: 'running',
        applied: 300,
      });
      expect(env.logs.some((l) => l.message === 'batch interrupted; retrying')).toBe(true);
    });
  });
});

describe('Activity projection', () => {
  let env: Env;
  beforeAll(async () => {
    env = await openEnv();
  });
  afterAll(async () => {
    await env.close();
  });

  it('turns sign-ins, sign-ups, sign-outs, password resets and profile updates into activity rows', async () => {
    const events = [
      activityEvent('UserSignedIn', { userId: 'u-1', email: 'ann@example.com' }, '2026-01-02T03:04:05.678Z'),
      activityEvent('UserSignedUp', { userId: 'u-2', email: 'bob@example.com', name: 'Bob' }),
      activityEvent('UserSignedOut', { userId: 'u-1', email: 'ann@example.com' }),
      activityEvent('PasswordReset', { email: 'ann@example.com' }),
      activityEvent('ProfileUpdated', { userId: 'u-1', email: 'ann@example.com', name: 'Ann B' }),
    ];
    await env.store.appendToStreams([{ stream: 'activity-c-42', expected: 'no_stream', events }]);
    await env.store.appendToStreams([
      { stream: 'other-1', expected: 'no_stream', events: [activityEvent('UserSignedIn', { userId: 'x' })] },
    ]);
    const runner = env.runner([activityProjection]);
    await runner.start();
    await caughtUp(env, runner);
    const { rows } = await env.pool.query(
      `SELECT event_id, company_id, user_id, category, action, details, occurred_at
         FROM rm_activity ORDER BY occurred_at, action`,
    );
    expect(rows.map((r) => ({ ...r, occurred_at: (r.occurred_at as Date).toISOString() }))).toEqual([
      {
        event_id: events[0]!.id,
        company_id: 'c-42',
        user_id: 'u-1',
        category: 'AUTH',
        action: 'SIGN_IN',
        details: { email: 'ann@example.com' },
        occurred_at: '2026-01-02T03:04:05.678Z',
      },
      expect.objectContaining({ action: 'PASSWORD_RESET', category: 'AUTH', user_id: 'u-meta' }),
      expect.objectContaining({
        action: 'PROFILE_UPDATE',
        category: 'USER',
        details: { email: 'ann@example.com', name: 'Ann B' },
      }),
      expect.objectContaining({ action: 'SIGN_OUT', category: 'AUTH' }),
      expect.objectContaining({ action: 'SIGN_UP', category: 'AUTH', user_id: 'u-2' }),
    ]);
  });
});

// --- helpers for the crash tests ----------------------------------------------------------------------------

/** Runs the runner in a child process and SIGKILLs it when it prints `line` (it is then inside a batch transaction). */
async function runChildUntil(
  url: string,
  mode: 'live' | 'rebuild' | 'shared',
  batchSize: number,
  line: string,
  onLine?: (line: string) => void,
): Promise<void> {
  const hooks = fileURLToPath(new URL('./fixtures/ts-hooks.mjs', import.meta.url));
  const script = fileURLToPath(new URL('./fixtures/crash-runner.child.mjs', import.meta.url));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', hooks, script, url, mode, String(batchSize)],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`child never printed ${line}: ${output}\n${errors}`)),
      30_000,
    );
    let seen = 0;
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const lines = output.split('\n').slice(0, -1);
      for (const printed of lines.slice(seen)) onLine?.(printed);
      seen = lines.length;
      if (output.split('\n').includes(line)) {
        clearTimeout(timer);
        child.kill('SIGKILL');
        resolve();
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (!output.split('\n').includes(line))
        reject(new Error(`child exited (${code}) early: ${output}\n${errors}`));
    });
  });
  await new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve),
  );
}

/** Waits until the killed process's backends are gone (its open transaction rolled back), then reads the row. */
async function waitForBackendsGone(env: Env, name: string) {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
    const { rows } = await env.pool.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE '%pg_sleep(0.4)%'`,
    );
    if (rows[0].n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return (await checkpointRow(env.pool, name))!;
}

/** Index and constraint names, definitions and the table's persistence: what a rebuild must keep. */
async function tableCatalog(db: Pool, tables: string[]) {
  const { rows } = await db.query(
    `SELECT c.relname, c.relpersistence,
            (SELECT array_agg(indexdef ORDER BY indexname) FROM pg_indexes i WHERE i.tablename = c.relname) AS indexes,
            (SELECT array_agg(conname || ' ' || pg_get_constraintdef(k.oid) ORDER BY conname)
               FROM pg_constraint k WHERE k.conrelid = c.oid) AS constraints,
            (SELECT count(*)::int FROM pg_class s WHERE s.relname LIKE c.relname || '\\_\\_%') AS leftovers
       FROM pg_class c WHERE c.relname = ANY($1::text[]) ORDER BY c.relname`,
    [tables],
  );
  return rows;
}
