import type { Pool } from '#infra/db/database.js';
import { START, type Checkpoint } from '#engine';
import type { PostgresEventStore } from '#engine';
import { rebuildProjection } from '#engine';
import {
  countDifferences,
  GRID_TABLE,
  invoiceGridProjection,
  sqlRebuildStatement,
} from './invoice-grid.fixture.js';
import { log, seconds } from './bench-support.js';

export const SQL_TABLE = 'rm_sql_invoice_grid';

/**
 * The hand-written ceiling: one set-based INSERT … SELECT … GROUP BY over all events into an unlogged table with
 * no index, then SET LOGGED, the primary key, unique key and grid indexes, ANALYZE (research §3, variant D).
 */
export async function sqlRebuild(pool: Pool): Promise<{ seconds: number; rows: number }> {
  const client = await pool.connect();
  try {
    await client.query(`SET work_mem = '256MB'; SET maintenance_work_mem = '256MB'`);
    await client.query(`DROP TABLE IF EXISTS ${SQL_TABLE}`);
    const started = performance.now();
    await client.query(
      `CREATE UNLOGGED TABLE ${SQL_TABLE} (LIKE ${GRID_TABLE} INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING GENERATED)`,
    );
    const inserted = await client.query(sqlRebuildStatement(SQL_TABLE));
    await client.query(`ALTER TABLE ${SQL_TABLE} SET LOGGED`);
    await client.query(
      `ALTER TABLE ${SQL_TABLE} ADD PRIMARY KEY (invoice_id), ADD UNIQUE (company_id, number)`,
    );
    await client.query(`CREATE INDEX ON ${SQL_TABLE} (company_id, issued_on DESC, invoice_id DESC)`);
    await client.query(`CREATE INDEX ON ${SQL_TABLE} (company_id, status, issued_on DESC)`);
    await client.query(`CREATE INDEX ON ${SQL_TABLE} (company_id, customer_name)`);
    await client.query(`ANALYZE ${SQL_TABLE}`);
    return { seconds: seconds(started), rows: inserted.rowCount ?? 0 };
  } finally {
    await client.query('RESET work_mem; RESET maintenance_work_mem').catch(() => {});
    client.release();
  }
}

/** Our rebuild: the projector in Node, batches of 10,000, shadow table, swap. */
export async function projectorRebuild(pool: Pool, store: PostgresEventStore) {
  let lastLog = 0;
  const started = performance.now();
  const result = await rebuildProjection(pool, store, invoiceGridProjection, {
    batchSize: 10_000,
    onProgress: (p) => {
      if (performance.now() - lastLog < 5000 && p.phase === 'loading') return;
      lastLog = performance.now();
      log(
        `  rebuild ${p.phase}: ${p.done.toLocaleString('en-US')}/${p.total.toLocaleString('en-US')} events, ${Math.round(p.eventsPerSecond).toLocaleString('en-US')} ev/s, ETA ${Math.round(p.etaSeconds)} s`,
      );
    },
  });
  return { ...result, wall: seconds(started) };
}

/** Rows differing between our rebuilt table and the SQL one, and the row counts. */
export async function compareRebuilt(pool: Pool, expectedRows: number) {
  const differences = await countDifferences(pool, GRID_TABLE, SQL_TABLE);
  const { rows } = await pool.query(
    `SELECT (SELECT count(*) FROM ${GRID_TABLE})::int AS ours, (SELECT count(*) FROM ${SQL_TABLE})::int AS sql`,
  );
  return {
    differences,
    ours: rows[0].ours as number,
    sql: rows[0].sql as number,
    ok: differences === 0 && rows[0].ours === expectedRows && rows[0].sql === expectedRows,
  };
}

/** Catch-up read through the store's readAll (batches of 10,000 into Node objects), no projection work. */
export async function catchUpRead(
  store: PostgresEventStore,
): Promise<{ rows: number; seconds: number; head: Checkpoint }> {
  const started = performance.now();
  let rows = 0;
  let from: Checkpoint = START;
  for (;;) {
    const batch = await store.readAll(from, 10_000);
    if (batch.length === 0) break;
    rows += batch.length;
    from = batch[batch.length - 1]!.checkpoint;
  }
  return { rows, seconds: seconds(started), head: from };
}
