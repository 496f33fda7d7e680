import type { Pool, PoolClient } from '#infra/db/database.js';
import pg, { type QueryResult } from 'pg';
import type { Checkpoint, StoredEvent } from '../event-store/event-store.port.js';
import { isTransientStoreError } from '#infra/db/transient-errors.js';
import type { Projection, TableNames } from './projection.js';
import type { CheckpointRow } from './projection-checkpoints.sql.js';

/**
 * Opens a projection transaction.
 *
 * - `synchronous_commit off`: a read model and its checkpoint commit together, so losing the last few commits in
 *   a server crash only means those events are applied again; never a torn state. Visibility to readers is
 *   immediate either way, so read-your-writes is unaffected. It saves an fsync per batch (research §7).
 * - `TIME ZONE 'UTC'`: a projector's SQL must not depend on the server's or the session's time zone; pinning it
 *   makes a rebuild on any machine produce the same rows.
 */
export async function beginProjectionTransaction(client: PoolClient): Promise<void> {
  await client.query(`BEGIN; SET LOCAL synchronous_commit TO off; SET LOCAL TIME ZONE 'UTC'`);
}

/**
 * The live runner's batch transaction in as few round trips as possible (they add up in command-to-visible
 * latency): BEGIN, the settings above and the checkpoint row's lock in one simple-protocol message, the
 * checkpoint update and COMMIT in another. Values are quoted by the driver (escapeLiteral).
 */
export async function beginAndLockCheckpoint(
  client: PoolClient,
  name: string,
): Promise<CheckpointRow | undefined> {
  const results = (await client.query(
    `BEGIN; SET LOCAL synchronous_commit TO off; SET LOCAL TIME ZONE 'UTC';
     SELECT * FROM projection_checkpoints WHERE name = ${client.escapeLiteral(name)} FOR UPDATE`,
  )) as unknown as QueryResult<CheckpointRow>[];
  return results[results.length - 1]!.rows[0];
}

/**
 * A shared pass's transaction (several projections, one batch): BEGIN, the settings above and the lock of every
 * member's checkpoint row (in name order, the order every pass takes them) in one message.
 */
export async function beginAndLockCheckpoints(
  client: PoolClient,
  names: readonly string[],
): Promise<Map<string, CheckpointRow>> {
  const list = [...names]
    .sort()
    .map((name) => client.escapeLiteral(name))
    .join(', ');
  const results = (await client.query(
    `BEGIN; SET LOCAL synchronous_commit TO off; SET LOCAL TIME ZONE 'UTC';
     SELECT * FROM projection_checkpoints WHERE name IN (${list}) ORDER BY name FOR UPDATE`,
  )) as unknown as QueryResult<CheckpointRow>[];
  return new Map(results[results.length - 1]!.rows.map((row) => [row.name, row]));
}

/** Advances every member's checkpoint of a shared pass in one UPDATE and commits, in one message. */
export async function commitCheckpoints(
  client: PoolClient,
  members: readonly { name: string; checkpoint: Checkpoint; applied: number }[],
): Promise<void> {
  if (members.length === 0) {
    await client.query('COMMIT');
    return;
  }
  const values = members
    .map(({ name, checkpoint, applied }) => {
      if (!Number.isSafeInteger(applied)) throw new Error(`Not a count: ${applied}`);
      return `(${client.escapeLiteral(name)}, ${client.escapeLiteral(checkpoint)}, ${applied})`;
    })
    .join(', ');
  await client.query(
    `UPDATE projection_checkpoints AS c
        SET checkpoint = v.checkpoint, events_applied = c.events_applied + v.applied,
            status = 'running', error = NULL, error_event_id = NULL, updated_at = now()
       FROM (VALUES ${values}) AS v(name, checkpoint, applied)
      WHERE c.name = v.name;
     COMMIT`,
  );
}

/**
 * Moves a checkpoint from `from` to `to` when nothing in between was applied (compare-and-set: 0 rows when it
 * moved under us). One message, one implicit transaction, committed without waiting for its WAL flush (like a
 * batch transaction); an error leaves no transaction open on the pooled connection.
 */
export async function advanceCheckpoint(
  pool: Pool,
  name: string,
  from: Checkpoint,
  to: Checkpoint,
  version: number,
): Promise<number> {
  if (!Number.isSafeInteger(version)) throw new Error(`Not a version: ${version}`);
  const results = (await pool.query(
    `SELECT set_config('synchronous_commit', 'off', true);
     UPDATE projection_checkpoints SET checkpoint = ${pg.escapeLiteral(to)}, updated_at = now()
      WHERE name = ${pg.escapeLiteral(name)} AND checkpoint = ${pg.escapeLiteral(from)} AND version = ${version}`,
  )) as unknown as QueryResult[];
  return results[1]!.rowCount ?? 0;
}

export async function commitCheckpoint(
  client: PoolClient,
  name: string,
  checkpoint: Checkpoint,
  applied: number,
): Promise<void> {
  if (!Number.isSafeInteger(applied)) throw new Error(`Not a count: ${applied}`);
  await client.query(
    `UPDATE projection_checkpoints
        SET checkpoint = ${client.escapeLiteral(checkpoint)}, events_applied = events_applied + ${applied},
            status = 'running', error = NULL, error_event_id = NULL, updated_at = now()
      WHERE name = ${client.escapeLiteral(name)};
     COMMIT`,
  );
}

/** An event the projector cannot apply: the projector stops there and reports it; the event is never skipped. */
export class ProjectorError extends Error {
  constructor(
    readonly projection: string,
    readonly event: StoredEvent | undefined,
    override readonly cause: unknown,
  ) {
    super(
      `${projection} cannot apply ${event ? `${event.type} ${event.id} (${event.streamId}@${event.revision})` : 'a batch'}: ${describeError(cause)}`,
    );
    this.name = 'ProjectorError';
  }

  /** What projection_checkpoints.error shows. */
  get reason(): string {
    return describeError(this.cause);
  }
}

/** The rebuild of this projection is already running in some process (it holds the rebuild lock). */
export class RebuildInProgressError extends Error {
  constructor(readonly projection: string) {
    super(`A rebuild of ${projection} is already running`);
    this.name = 'RebuildInProgressError';
  }
}

export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const pgError = error as Error & { code?: string; detail?: string };
  const code =
    typeof pgError.code === 'string' && /^[0-9A-Z]{5}$/.test(pgError.code) ? ` [${pgError.code}]` : '';
  return `${error.message}${code}${pgError.detail ? ` (${pgError.detail})` : ''}`;
}

/** True for failures of the database connection or server, which the runner retries instead of failing the projector. */
export function isTransientDatabaseError(error: unknown): boolean {
  if (error instanceof ProjectorError) return isTransientDatabaseError(error.cause);
  return isTransientStoreError(error);
}

/**
 * Runs `projection.apply`, turning whatever it throws that is not a connection problem into a ProjectorError.
 */
export async function applyEvents(
  client: PoolClient,
  projection: Projection,
  events: StoredEvent[],
  tables: TableNames,
): Promise<void> {
  if (events.length === 0) return;
  try {
    await projection.apply(client, events, tables);
  } catch (error) {
    if (isTransientDatabaseError(error)) throw error;
    throw new ProjectorError(projection.name, events.length === 1 ? events[0] : undefined, error);
  }
}

export interface IsolatedFailure {
  /** Index in `events` of the first event the projector cannot apply. */
  index: number;
  error: ProjectorError;
}

/**
 * A batch failed as a whole: apply its events one at a time, each under a savepoint, inside the caller's open
 * transaction, to name the event that fails. Events before it stay applied in that transaction, so the caller can
 * commit them with a checkpoint just before the culprit. Returns undefined when every event applies on its own
 * (then the projector's set-based apply is at fault, and the caller fails the whole batch).
 */
export async function isolateFailingEvent(
  client: PoolClient,
  projection: Projection,
  events: StoredEvent[],
  tables: TableNames,
): Promise<IsolatedFailure | undefined> {
  for (const [index, event] of events.entries()) {
    await client.query('SAVEPOINT projector_event');
    try {
      await applyEvents(client, projection, [event], tables);
      await client.query('RELEASE SAVEPOINT projector_event');
    } catch (error) {
      if (isTransientDatabaseError(error)) throw error;
      await client.query('ROLLBACK TO SAVEPOINT projector_event');
      return {
        index,
        error: error instanceof ProjectorError ? error : new ProjectorError(projection.name, event, error),
      };
    }
  }
  return undefined;
}
