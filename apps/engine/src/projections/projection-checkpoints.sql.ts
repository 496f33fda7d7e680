import type { Queryable } from '#infra/db/database.js';

/**
 * One row per projection: where it has got to in the global event order, the projector version that built its
 * tables, and whether it is healthy. The runner writes `checkpoint` in the same transaction as the read-model
 * rows, so the two can never disagree.
 *
 * - `checkpoint` is the event store's opaque resume token ('' = from the beginning); only the store can order it.
 * - `version` is the projector version the tables were built with; 0 means "never built".
 * - `status`: 'running' (healthy), 'failed' (stopped on an event it cannot apply: `error`, `error_event_id`),
 *   'rebuilding' (the owning runner is rebuilding it before going live), 'stopped' (its runner shut down).
 */
export const PROJECTION_CHECKPOINTS_SCHEMA = `
CREATE TABLE IF NOT EXISTS projection_checkpoints (
  name text PRIMARY KEY,
  checkpoint text NOT NULL DEFAULT '',
  version int NOT NULL,
  status text,
  error text,
  error_event_id uuid,
  events_applied bigint NOT NULL DEFAULT 0,
  updated_at timestamptz
);
`;

/**
 * Which process took each projection's lock last (`holder`, its `process name`, since `held_since`) and
 * which one held it before (`previous_holder`), so `projections:status` shows a takeover. Who holds the lock now is
 * read live from pg_locks (see readLockHolders); these columns remember the history the lock itself forgets.
 */
export const PROJECTION_HOLDERS_SCHEMA = `
ALTER TABLE projection_checkpoints ADD COLUMN IF NOT EXISTS holder text;
ALTER TABLE projection_checkpoints ADD COLUMN IF NOT EXISTS held_since timestamptz;
ALTER TABLE projection_checkpoints ADD COLUMN IF NOT EXISTS previous_holder text;
`;

/** Creates the checkpoint table when missing (the migrations do the same; tests and benches use this). */
export async function ensureProjectionSchema(db: Queryable): Promise<void> {
  await db.query(PROJECTION_CHECKPOINTS_SCHEMA);
  await db.query(PROJECTION_HOLDERS_SCHEMA);
}

export type ProjectionState = 'running' | 'failed' | 'rebuilding' | 'stopped';

export interface CheckpointRow {
  name: string;
  checkpoint: string;
  version: number;
  status: ProjectionState | null;
  error: string | null;
  error_event_id: string | null;
  events_applied: string; // bigint
  updated_at: Date | null;
  holder?: string | null;
  held_since?: Date | null;
  previous_holder?: string | null;
}

/** Inserts the row of a projection that has none yet (version 0: never built) and returns the current row. */
export async function ensureCheckpointRow(db: Queryable, name: string): Promise<CheckpointRow> {
  await db.query(
    `INSERT INTO projection_checkpoints (name, checkpoint, version) VALUES ($1, '', 0) ON CONFLICT (name) DO NOTHING`,
    [name],
  );
  const row = await readCheckpointRow(db, name);
  if (!row) throw new Error(`projection_checkpoints row for ${name} vanished`);
  return row;
}

export async function readCheckpointRow(
  db: Queryable,
  name: string,
  forUpdate = false,
): Promise<CheckpointRow | undefined> {
  const { rows } = await db.query<CheckpointRow>(
    `SELECT * FROM projection_checkpoints WHERE name = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [name],
  );
  return rows[0];
}

export async function readCheckpointRows(
  db: Queryable,
  names: readonly string[],
): Promise<Map<string, CheckpointRow>> {
  const { rows } = await db.query<CheckpointRow>(
    `SELECT * FROM projection_checkpoints WHERE name = ANY($1::text[])`,
    [names],
  );
  return new Map(rows.map((row) => [row.name, row]));
}

/**
 * Advisory-lock keys (two int4 keys: a namespace and the name's hash). A hash collision between two projection
 * names would only make one process run both; it can never let two processes run one.
 */
export const RUN_LOCK_NAMESPACE = 0x53544c50; // 'STLP'

/** The lock connection's application_name: `stampline-projections <process name>` (what pg_locks shows). */
export const LOCK_APPLICATION_PREFIX = 'stampline-projections ';

/**
 * Who holds each projection's run lock right now: the process name of the session holding it (from its
 * application_name), or no entry when nobody does. Postgres keeps advisory locks of two int4 keys with the first key
 * in classid and the second in objid (both oid: the signed hash is read as unsigned).
 */
export async function readLockHolders(
  db: Queryable,
  names: readonly string[],
): Promise<Map<string, { holder: string; pid: number }>> {
  const { rows } = await db.query<{ name: string; application_name: string; pid: number }>(
    `SELECT p.name, a.application_name, a.pid
       FROM unnest($1::text[]) AS p (name)
       JOIN pg_locks l ON l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
        AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
        AND l.classid = $2::bigint::oid
        AND l.objid = (hashtext(p.name)::bigint & 4294967295)::oid
       JOIN pg_stat_activity a ON a.pid = l.pid`,
    [names, RUN_LOCK_NAMESPACE],
  );
  return new Map(
    rows.map((row) => [
      row.name,
      {
        holder: row.application_name.startsWith(LOCK_APPLICATION_PREFIX)
          ? row.application_name.slice(LOCK_APPLICATION_PREFIX.length)
          : row.application_name || `pid ${row.pid}`,
        pid: row.pid,
      },
    ]),
  );
}
export const REBUILD_LOCK_NAMESPACE = 0x53544c52; // 'STLR'
