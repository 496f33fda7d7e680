import type { Queryable } from '#infra/db/database.js';

/**
 * One row per projection: where it has got to in the global event order, the projector version that built its
 * tables, and whether it is healthy. The runner writes `checkpoint` in the same transaction as the read-model
 * rows, so the two can never disagree (ARCHITECTURE §4).
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

/** Creates the checkpoint table when missing (the migrations do the same; tests and benches use this). */
export async function ensureProjectionSchema(db: Queryable): Promise<void> {
  await db.query(PROJECTION_CHECKPOINTS_SCHEMA);
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
export const REBUILD_LOCK_NAMESPACE = 0x53544c52; // 'STLR'
