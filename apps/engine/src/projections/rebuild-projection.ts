import pg from 'pg';
import type { Pool, PoolClient, Queryable } from '#infra/db/database.js';
import {
  START,
  type Checkpoint,
  type EventStore,
  type StoredEvent,
} from '../event-store/event-store.port.js';
import type { Projection, RowFold, TableNames } from './projection.js';
import { ensureCheckpointRow, REBUILD_LOCK_NAMESPACE } from './projection-checkpoints.sql.js';
import {
  applyEvents,
  beginProjectionTransaction,
  isolateFailingEvent,
  isTransientDatabaseError,
  ProjectorError,
  RebuildInProgressError,
} from './projection-transaction.js';

export interface RebuildProgress {
  phase: 'loading' | 'indexing' | 'swapping' | 'done';
  /** Events read so far (handled or not). */
  done: number;
  /** Events in the store when the rebuild started (grows to `done` if more arrive). */
  total: number;
  eventsPerSecond: number;
  etaSeconds: number;
}

export interface RebuildOptions {
  /** Events per read and per apply transaction (default 10,000). */
  batchSize?: number;
  onProgress?: (progress: RebuildProgress) => void;
  /** Aborting drops the shadow tables; the live tables are untouched. */
  signal?: AbortSignal;
  /**
   * Row projections (defineRowProjection): rows kept in memory before they are written to the shadow table
   * (default 500,000). More means fewer writes per row; each row takes a few hundred bytes.
   */
  cachedRows?: number;
}

export interface RebuildResult {
  name: string;
  version: number;
  /** Events read (the whole store up to `checkpoint`). */
  events: number;
  /** Events the projector handled. */
  applied: number;
  checkpoint: Checkpoint;
  seconds: number;
  eventsPerSecond: number;
}

/** Event stores that can count events after a checkpoint (the Postgres one); used for totals and lag. */
export interface CountsEvents {
  countAfter(from: Checkpoint): Promise<number>;
}

export function countsEvents(store: EventStore): store is EventStore & CountsEvents {
  return typeof (store as Partial<CountsEvents>).countAfter === 'function';
}

const SHADOW = '__shadow';
const MAX_IDENTIFIER = 63;

/**
 * Rebuilds one projection from the first event into shadow tables, then swaps them in.
 *
 * The live tables keep serving reads, and a live runner (in this or another process) keeps applying to them,
 * until the swap. The swap transaction locks the projection's checkpoint row, which the live runner also locks
 * before every batch: the runner waits, then finds the checkpoint moved past its batch and skips those events.
 *
 * Speed: shadow tables are UNLOGGED with only their primary key and unique
 * constraints (upserts need them); events are read in big batches while the previous one is applied, one
 * transaction per batch; then SET LOGGED (which rewrites the table and every index on it, so the other indexes
 * are built after it, once) and ANALYZE.
 */
export async function rebuildProjection(
  pool: Pool,
  store: EventStore,
  projection: Projection,
  options: RebuildOptions = {},
): Promise<RebuildResult> {
  const batchSize = options.batchSize ?? 10_000;
  const started = performance.now();
  const lock = new pg.Client({ ...pool.options, application_name: `stampline-rebuild-${projection.name}` });
  lock.on('error', () => {}); // a dropped lock connection surfaces as the next query's error
  await lock.connect();
  try {
    const { rows } = await lock.query('SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok', [
      REBUILD_LOCK_NAMESPACE,
      projection.name,
    ]);
    if (!rows[0].ok) throw new RebuildInProgressError(projection.name);
    await ensureCheckpointRow(pool, projection.name);
    const plans = await planShadowTables(pool, projection.tables);
    const shadow: TableNames = Object.fromEntries(plans.map((p) => [p.table, p.shadow]));
    const total = countsEvents(store) ? await store.countAfter(START) : 0;
    // Everything committed before the rebuild began is in the rebuilt tables, even events that readers cannot take
    // yet because an older transaction anywhere on the server is still running (the store's horizon).
    const head = await store.headCheckpoint();
    let done = 0;
    let applied = 0;
    let finalCheckpoint: Checkpoint = START;
    const progress = (phase: RebuildProgress['phase']) => {
      if (!options.onProgress) return;
      const seconds = (performance.now() - started) / 1000;
      const eventsPerSecond = seconds > 0 ? done / seconds : 0;
      const remaining = Math.max(total - done, 0);
      options.onProgress({
        phase,
        done,
        total: Math.max(total, done),
        eventsPerSecond,
        etaSeconds: eventsPerSecond > 0 ? remaining / eventsPerSecond : 0,
      });
    };

    await createShadowTables(pool, plans);
    try {
      // Load: read batch n+1 while batch n is applied (the read and the write use different connections).
      // A row projection folds into memory and writes each row once (RowCache); any other applies per batch.
      const cache = projection.rows
        ? new RowCache(projection, shadow[projection.rows.table]!, options.cachedRows ?? 500_000, () =>
            analyze(pool, plans),
          )
        : undefined;
      let checkpoint: Checkpoint = START;
      let batches = 0;
      let next = prefetch(store.readAll(START, batchSize));
      for (;;) {
        options.signal?.throwIfAborted();
        const events = await next;
        if (events.length === 0) break;
        checkpoint = events[events.length - 1]!.checkpoint;
        next = prefetch(store.readAll(checkpoint, batchSize));
        applied += cache
          ? await cache.apply(pool, events)
          : await applyBatch(pool, projection, events, shadow);
        done += events.length;
        batches++;
        // The planner sizes an empty table as tiny; refresh its statistics as it grows (batches 1, 4, 16, 64 …) so
        // the projector's lookups by key keep using the primary key (the generic-plan seq-scan cliff, research §3).
        if (!cache && isPowerOf4(batches)) await analyze(pool, plans);
        progress('loading');
      }
      await cache?.flush(pool);

      progress('indexing');
      await finishShadowTables(pool, plans);

      // Catch up outside the swap transaction first, so the swap (which holds the live runner) stays short.
      for (;;) {
        options.signal?.throwIfAborted();
        const events = await store.readAll(checkpoint, batchSize);
        if (events.length === 0) {
          if (store.compareCheckpoints(checkpoint, head) >= 0) break;
          await new Promise((resolve) => setTimeout(resolve, 5));
          continue;
        }
        applied += await applyBatch(pool, projection, events, shadow);
        checkpoint = events[events.length - 1]!.checkpoint;
        done += events.length;
      }

      progress('swapping');
      options.signal?.throwIfAborted();
      const swapped = await swap(pool, store, projection, plans, shadow, checkpoint, batchSize, applied);
      done += swapped.events;
      applied = swapped.applied;
      finalCheckpoint = swapped.checkpoint;
    } catch (error) {
      await dropShadowTables(pool, plans).catch(() => {});
      throw error;
    }

    progress('done');
    const seconds = (performance.now() - started) / 1000;
    return {
      name: projection.name,
      version: projection.version,
      events: done,
      applied,
      checkpoint: finalCheckpoint,
      seconds,
      eventsPerSecond: seconds > 0 ? done / seconds : 0,
    };
  } finally {
    await lock.end().catch(() => {});
  }
}

function isPowerOf4(n: number): boolean {
  while (n > 1 && n % 4 === 0) n /= 4;
  return n === 1;
}

function prefetch(read: Promise<StoredEvent[]>): Promise<StoredEvent[]> {
  read.catch(() => {}); // awaited later; never an unhandled rejection if the loop stops first
  return read;
}

/** Applies the handled events of one batch in its own transaction; returns how many it applied. */
async function applyBatch(
  pool: Pool,
  projection: Projection,
  events: StoredEvent[],
  tables: TableNames,
): Promise<number> {
  const handled = handledEvents(projection, events);
  if (handled.length === 0) return 0;
  const client = await pool.connect();
  try {
    await beginProjectionTransaction(client);
    await applyOrIsolate(client, projection, handled, tables);
    await client.query('COMMIT');
    return handled.length;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** Applies a batch; when it fails, names the event at fault (see isolateFailingEvent) and throws for it. */
async function applyOrIsolate(
  client: PoolClient,
  projection: Projection,
  events: StoredEvent[],
  tables: TableNames,
) {
  await client.query('SAVEPOINT projector_batch');
  try {
    await applyEvents(client, projection, events, tables);
    await client.query('RELEASE SAVEPOINT projector_batch');
  } catch (error) {
    if (!(error instanceof ProjectorError) || events.length === 1) throw error;
    await client.query('ROLLBACK TO SAVEPOINT projector_batch');
    const failure = await isolateFailingEvent(client, projection, events, tables);
    throw failure ? failure.error : error;
  }
}

/**
 * Write-behind for row projections during a rebuild: rows live in memory across batches and go to the shadow
 * table when the cache is full and at the end, so a row touched by five events in five batches is written once,
 * not five times (research §3, "deferred single-flush rebuild writes"). A row written out already is read back
 * when an event touches it again.
 */
class RowCache {
  private readonly rows = new Map<string, unknown>();
  private readonly dirty = new Set<string>();
  /** Keys that have a row in the shadow table (it starts empty). */
  private readonly written = new Set<string>();
  private readonly fold: RowFold<unknown>;

  constructor(
    private readonly projection: Projection,
    private readonly table: string,
    private readonly capacity: number,
    private readonly afterFlush: () => Promise<void>,
  ) {
    this.fold = projection.rows!;
  }

  async apply(pool: Pool, events: StoredEvent[]): Promise<number> {
    const handled = handledEvents(this.projection, events);
    const keyed: [string, StoredEvent][] = [];
    for (const event of handled) {
      const key = this.fold.keyOf(event);
      if (key !== undefined) keyed.push([key, event]);
    }
    const missing = [
      ...new Set(keyed.map(([key]) => key).filter((key) => !this.rows.has(key) && this.written.has(key))),
    ];
    if (missing.length > 0) {
      const client = await pool.connect();
      try {
        for (const [key, row] of await this.fold.load(client, missing, this.table)) this.rows.set(key, row);
      } finally {
        client.release();
      }
    }
    for (const [key, event] of keyed) {
      const before = this.rows.get(key);
      let after: unknown;
      try {
        after = this.fold.evolve(before, event);
      } catch (error) {
        throw new ProjectorError(this.projection.name, event, error);
      }
      if (after === before) continue;
      this.rows.set(key, after);
      this.dirty.add(key);
    }
    if (this.rows.size >= this.capacity) await this.flush(pool);
    return handled.length;
  }

  async flush(pool: Pool): Promise<void> {
    const keys = [...this.dirty];
    if (keys.length > 0) {
      const client = await pool.connect();
      try {
        await beginProjectionTransaction(client);
        for (let i = 0; i < keys.length; i += 10_000) {
          const chunk = keys.slice(i, i + 10_000).map((key) => this.rows.get(key));
          try {
            await this.fold.save(client, chunk, this.table);
          } catch (error) {
            if (isTransientDatabaseError(error)) throw error;
            throw new ProjectorError(this.projection.name, undefined, error);
          }
        }
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
      for (const key of keys) this.written.add(key);
    }
    this.rows.clear();
    this.dirty.clear();
    await this.afterFlush();
  }
}

export function handledEvents(projection: Projection, events: StoredEvent[]): StoredEvent[] {
  const handles = new Set(projection.handles);
  return events.filter((event) => handles.has(event.type));
}

async function swap(
  pool: Pool,
  store: EventStore,
  projection: Projection,
  plans: TablePlan[],
  shadow: TableNames,
  from: Checkpoint,
  batchSize: number,
  appliedBefore: number,
): Promise<{ events: number; applied: number; checkpoint: Checkpoint }> {
  const client = await pool.connect();
  try {
    // Synchronous commit here: this transaction replaces the live tables.
    await client.query(`BEGIN; SET LOCAL TIME ZONE 'UTC'; SET LOCAL lock_timeout = '30s'`);
    await client.query('SELECT 1 FROM projection_checkpoints WHERE name = $1 FOR UPDATE', [projection.name]);
    let checkpoint = from;
    let events = 0;
    let applied = appliedBefore;
    for (;;) {
      const batch = await store.readAll(checkpoint, batchSize);
      if (batch.length === 0) break;
      const handled = handledEvents(projection, batch);
      await applyOrIsolate(client, projection, handled, shadow);
      applied += handled.length;
      events += batch.length;
      checkpoint = batch[batch.length - 1]!.checkpoint;
    }
    for (const plan of plans) {
      // Dropping the live table directly is the same, inside this transaction, as renaming it to __old and
      // dropping that: nobody sees the intermediate state. Readers waiting on the old table retry their lookup
      // when its lock is released and find the new one; such a statement's snapshot predates this transaction,
      // so it sees the new table without the few events caught up just above (the next statement sees them).
      await client.query(`DROP TABLE ${plan.qualified(plan.table)}`);
      await client.query(`ALTER TABLE ${plan.qualified(plan.shadow)} RENAME TO ${quoteIdent(plan.table)}`);
      for (const rename of plan.renames) {
        if (rename.kind === 'constraint') {
          await client.query(
            `ALTER TABLE ${plan.qualified(plan.table)} RENAME CONSTRAINT ${quoteIdent(rename.from)} TO ${quoteIdent(rename.to)}`,
          );
        } else {
          await client.query(
            `ALTER ${rename.kind.toUpperCase()} ${plan.qualified(rename.from)} RENAME TO ${quoteIdent(rename.to)}`,
          );
        }
      }
      await renameDerivedNames(client, plan);
    }
    await client.query(
      `UPDATE projection_checkpoints
          SET checkpoint = $2, version = $3, status = 'running', error = NULL, error_event_id = NULL,
              events_applied = $4, updated_at = now()
        WHERE name = $1`,
      [projection.name, checkpoint, projection.version, applied],
    );
    await client.query('COMMIT');
    return { events, applied, checkpoint };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Shadow tables

interface Rename {
  kind: 'constraint' | 'index' | 'sequence';
  from: string;
  to: string;
}

interface TablePlan {
  table: string;
  shadow: string;
  schema: string;
  qualified(name: string): string;
  /** Primary key and unique constraints/indexes: created with the shadow table (upserts need them). */
  upfront: string[];
  /** Other indexes and exclusion constraints: created after the load. */
  deferred: string[];
  /** Names to give back after the swap, so the next rebuild finds the same names. */
  renames: Rename[];
}

interface ConstraintRow {
  conname: string;
  contype: 'p' | 'u' | 'x';
  def: string;
}

interface IndexRow {
  name: string;
  def: string;
  unique: boolean;
}

async function planShadowTables(db: Queryable, tables: readonly string[]): Promise<TablePlan[]> {
  const plans: TablePlan[] = [];
  for (const table of tables) {
    if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`Unsafe table name: ${table}`);
    if (table.length + SHADOW.length > MAX_IDENTIFIER)
      throw new Error(`Table name too long for a shadow copy: ${table}`);
    const { rows: found } = await db.query(
      `SELECT n.nspname AS schema FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.oid = to_regclass($1)`,
      [table],
    );
    if (!found[0]) throw new Error(`Read-model table ${table} does not exist (run the migrations)`);
    const schema: string = found[0].schema;
    const shadow = `${table}${SHADOW}`;
    const qualified = (name: string) => `${quoteIdent(schema)}.${quoteIdent(name)}`;
    const { rows: constraints } = await db.query<ConstraintRow>(
      `SELECT conname, contype, pg_get_constraintdef(oid) AS def FROM pg_constraint
        WHERE conrelid = to_regclass($1) AND contype IN ('p', 'u', 'x') ORDER BY conname`,
      [table],
    );
    const { rows: indexes } = await db.query<IndexRow>(
      `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS def, x.indisunique AS unique
         FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
        WHERE x.indrelid = to_regclass($1)
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid AND c.conrelid = x.indrelid)
        ORDER BY i.relname`,
      [table],
    );
    const plan: TablePlan = { table, shadow, schema, qualified, upfront: [], deferred: [], renames: [] };
    let n = 0;
    const shadowName = () => `${shadow}_${++n}`;
    for (const constraint of constraints) {
      const name = shadowName();
      const sql = `ALTER TABLE ${qualified(shadow)} ADD CONSTRAINT ${quoteIdent(name)} ${constraint.def}`;
      (constraint.contype === 'x' ? plan.deferred : plan.upfront).push(sql);
      plan.renames.push({ kind: 'constraint', from: name, to: constraint.conname });
    }
    for (const index of indexes) {
      const name = shadowName();
      const match = /^CREATE (UNIQUE )?INDEX (\S+) ON (ONLY )?(\S+) USING (.*)$/s.exec(index.def);
      if (!match) throw new Error(`Cannot copy index ${index.name}: ${index.def}`);
      const sql = `CREATE ${match[1] ?? ''}INDEX ${quoteIdent(name)} ON ${qualified(shadow)} USING ${match[5]}`;
      (index.unique ? plan.upfront : plan.deferred).push(sql);
      plan.renames.push({ kind: 'index', from: name, to: index.name });
    }
    plans.push(plan);
  }
  return plans;
}

async function createShadowTables(db: Queryable, plans: TablePlan[]): Promise<void> {
  for (const plan of plans) {
    // A crashed earlier rebuild may have left a shadow; we hold the rebuild lock, so it is nobody's.
    await db.query(`DROP TABLE IF EXISTS ${plan.qualified(plan.shadow)}`);
    await db.query(
      `CREATE UNLOGGED TABLE ${plan.qualified(plan.shadow)} (LIKE ${plan.qualified(plan.table)}
         INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING GENERATED INCLUDING IDENTITY
         INCLUDING STORAGE INCLUDING COMPRESSION INCLUDING COMMENTS)`,
    );
    for (const sql of plan.upfront) await db.query(sql);
  }
}

async function finishShadowTables(pool: Pool, plans: TablePlan[]): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query(`SET maintenance_work_mem = '256MB'`);
    for (const plan of plans) {
      await client.query(`ALTER TABLE ${plan.qualified(plan.shadow)} SET LOGGED`);
      for (const sql of plan.deferred) await client.query(sql);
      await client.query(`ANALYZE ${plan.qualified(plan.shadow)}`);
    }
  } finally {
    await client.query('RESET maintenance_work_mem').catch(() => {});
    client.release();
  }
}

async function analyze(db: Queryable, plans: TablePlan[]): Promise<void> {
  for (const plan of plans) await db.query(`ANALYZE ${plan.qualified(plan.shadow)}`);
}

async function dropShadowTables(db: Queryable, plans: TablePlan[]): Promise<void> {
  for (const plan of plans) await db.query(`DROP TABLE IF EXISTS ${plan.qualified(plan.shadow)}`);
}

/**
 * Names Postgres derived from the shadow table's name (NOT NULL and CHECK constraints it named itself, identity
 * sequences) would otherwise carry "__shadow" into the live table and drift with every rebuild.
 */
async function renameDerivedNames(client: PoolClient, plan: TablePlan): Promise<void> {
  const { rows: constraints } = await client.query<{ conname: string }>(
    `SELECT conname FROM pg_constraint WHERE conrelid = to_regclass($1) AND conname LIKE $2`,
    [plan.qualified(plan.table), `${plan.shadow}\\_%`],
  );
  for (const { conname } of constraints) {
    const to = plan.table + conname.slice(plan.shadow.length);
    await client.query(
      `ALTER TABLE ${plan.qualified(plan.table)} RENAME CONSTRAINT ${quoteIdent(conname)} TO ${quoteIdent(to)}`,
    );
  }
  const { rows: sequences } = await client.query<{ name: string }>(
    `SELECT s.relname AS name FROM pg_depend d JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S'
      WHERE d.refobjid = to_regclass($1) AND d.deptype IN ('a', 'i')`,
    [plan.qualified(plan.table)],
  );
  for (const { name } of sequences) {
    if (!name.startsWith(`${plan.shadow}_`)) continue;
    const to = plan.table + name.slice(plan.shadow.length);
    await client.query(`ALTER SEQUENCE ${plan.qualified(name)} RENAME TO ${quoteIdent(to)}`);
  }
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
