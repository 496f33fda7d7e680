import {
  START,
  type Checkpoint,
  type StoredEvent,
  type Subscription,
} from '../event-store/event-store.port.js';
import type { Projection, TableNames } from './projection.js';
import {
  ensureCheckpointRow,
  readCheckpointRow,
  type CheckpointRow,
  type ProjectionState,
} from './projection-checkpoints.sql.js';
import {
  advanceCheckpoint,
  applyEvents,
  beginAndLockCheckpoint,
  beginProjectionTransaction,
  commitCheckpoint,
  describeError,
  isolateFailingEvent,
  isTransientDatabaseError,
  ProjectorError,
  RebuildInProgressError,
} from './projection-transaction.js';
import { rebuildProjection, type RebuildProgress } from './rebuild-projection.js';
import type { ProjectionRunner } from './projection-runner.js';
import { type RowState } from './shared-pass.js';

export type WorkerState = 'standby' | 'starting' | 'rebuilding' | 'running' | 'failed' | 'stopped';
export class ProjectionWorker {
  state: WorkerState = 'standby';
  owned = false;
  /** Last checkpoint committed by this worker (or found in the table when it started). */
  checkpoint: Checkpoint = START;
  private subscription: Subscription | undefined;
  /** Bumped whenever the subscription is replaced or the worker stops: stale batches see it and return. */
  private generation = 0;
  private activation = new AbortController();
  private activating: Promise<void> | undefined;
  private failedRow: RowState | undefined;
  private warnedNewerVersion = -1;
  readonly handles: Set<string>;
  readonly tables: TableNames;

  constructor(
    readonly projection: Projection,
    private readonly runner: ProjectionRunner,
  ) {
    this.handles = new Set(projection.handles);
    this.tables = Object.fromEntries(projection.tables.map((table) => [table, table]));
  }

  private get name(): string {
    return this.projection.name;
  }

  /** Called with the lock just taken: rebuild if the version changed, then go live from the checkpoint. */
  activate(): Promise<void> {
    const activation = this.start().finally(() => {
      if (this.activating === activation) this.activating = undefined;
    });
    this.activating = activation;
    return activation;
  }

  private async start(): Promise<void> {
    this.owned = true;
    this.state = 'starting';
    this.activation = new AbortController();
    const { pool, store } = this.runner;
    try {
      let row = await ensureCheckpointRow(pool, this.name);
      if (row.version > this.projection.version) return await this.yieldToNewerVersion(row.version);
      if (row.version < this.projection.version) {
        this.state = 'rebuilding';
        await this.setStatus('rebuilding');
        this.runner.log.info(
          { projection: this.name, from: row.version, to: this.projection.version },
          'rebuilding',
        );
        const result = await rebuildProjection(pool, store, this.projection, {
          batchSize: this.runner.options.rebuildBatchSize,
          signal: this.activation.signal,
          onProgress: throttle((progress: RebuildProgress) =>
            this.runner.log.info({ projection: this.name, ...progress }, 'rebuild progress'),
          ),
        });
        this.runner.log.info(
          { projection: this.name, events: result.events, seconds: result.seconds },
          'rebuilt; going live',
        );
        row = await ensureCheckpointRow(pool, this.name);
      }
      if (this.activation.signal.aborted) return;
      // The takeover, for projections:status: this process holds it from now, and who held it before.
      await pool.query(
        `UPDATE projection_checkpoints SET status = 'running', error = NULL, error_event_id = NULL, updated_at = now(),
                previous_holder = CASE WHEN holder IS DISTINCT FROM $2 THEN holder ELSE previous_holder END,
                holder = $2, held_since = now()
          WHERE name = $1`,
        [this.name, this.runner.processName],
      );
      this.checkpoint = row.checkpoint;
      this.state = 'running';
      this.runner.notifyProgress();
      this.subscribe(row.checkpoint);
    } catch (error) {
      if (this.activation.signal.aborted) return;
      if (error instanceof ProjectorError) return await this.recordRebuildFailure(error);
      const transient = isTransientDatabaseError(error) || error instanceof RebuildInProgressError;
      this.runner.log.warn(
        { projection: this.name, error: describeError(error), transient },
        'cannot start the projection; retrying later',
      );
      await this.standby();
    }
  }

  /** Stops live work and gives the lock back (lost lock, newer version elsewhere). */
  async deactivate(): Promise<void> {
    this.generation++;
    this.activation.abort();
    const subscription = this.subscription;
    this.subscription = undefined;
    await subscription?.close().catch(() => {});
    await this.standby();
  }

  async shutdown(): Promise<void> {
    this.generation++;
    this.activation.abort();
    await this.activating?.catch(() => {}); // a rebuild stops at its next batch and drops its shadow tables
    const wasRunning = this.owned && this.state === 'running';
    this.state = 'stopped';
    const subscription = this.subscription;
    this.subscription = undefined;
    await subscription?.close().catch(() => {});
    if (wasRunning) await this.setStatus('stopped').catch(() => {});
    this.owned = false;
  }

  /** A failed projection resumes when someone fixed it: a rebuild (CLI) moved its checkpoint or cleared the status. */
  async checkForFix(): Promise<void> {
    try {
      const row = await readCheckpointRow(this.runner.pool, this.name);
      const failed = this.failedRow;
      if (!row || !failed || this.state !== 'failed') return;
      if (row.status === 'failed' && row.checkpoint === failed.checkpoint && row.version === failed.version)
        return;
      this.runner.log.info({ projection: this.name }, 'the failed projection was rebuilt; resuming');
      this.failedRow = undefined;
      await this.activate();
    } catch (error) {
      this.runner.log.warn(
        { projection: this.name, error: describeError(error) },
        'cannot check the failed projection',
      );
    }
  }

  private async standby(): Promise<void> {
    if (this.state !== 'stopped') this.state = 'standby';
    await this.runner.releaseLock(this);
    this.runner.notifyProgress();
  }

  private async yieldToNewerVersion(version: number): Promise<void> {
    if (this.warnedNewerVersion !== version) {
      this.warnedNewerVersion = version;
      this.runner.log.warn(
        { projection: this.name, stored: version, code: this.projection.version },
        'tables were built by a newer projector version; leaving them to the newer process',
      );
    }
    await this.standby();
  }

  private async setStatus(status: ProjectionState): Promise<void> {
    await this.runner.pool.query(
      `UPDATE projection_checkpoints SET status = $2, updated_at = now() WHERE name = $1`,
      [this.name, status],
    );
  }

  private subscribe(from: Checkpoint): void {
    const generation = ++this.generation;
    // The Postgres adapter reports a dead subscription through onError (the port's options do not name it yet).
    const options: { batchSize: number; onError: (error: unknown) => void } = {
      batchSize: this.runner.batchSize,
      onError: (error) => this.onSubscriptionError(generation, error),
    };
    this.subscription = this.runner.store.subscribeAll(
      from,
      (batch) => this.handle(generation, batch),
      options,
    );
  }

  /** Replaces the subscription; safe to call from inside a batch handler (the old one is closed, not awaited). */
  private resubscribe(from: Checkpoint): void {
    const old = this.subscription;
    this.subscription = undefined;
    const generation = ++this.generation;
    void (old?.close() ?? Promise.resolve())
      .catch(() => {})
      .then(() => {
        if (generation === this.generation && this.state === 'running' && this.owned) this.subscribe(from);
      });
  }

  private onSubscriptionError(generation: number, error: unknown): void {
    if (generation !== this.generation || this.state !== 'running') return;
    this.runner.log.warn(
      { projection: this.name, error: describeError(error) },
      'subscription failed; resubscribing',
    );
    const retry = ++this.generation;
    setTimeout(() => {
      if (retry !== this.generation || this.state !== 'running' || !this.owned) return;
      readCheckpointRow(this.runner.pool, this.name)
        .then((row) => this.resubscribe(row?.checkpoint ?? this.checkpoint))
        .catch(() => this.onSubscriptionError(this.generation, error));
    }, 1000).unref();
  }

  /** One batch from the subscription; retried on connection failures until it commits or the worker stops. */
  private async handle(generation: number, batch: StoredEvent[]): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      if (generation !== this.generation || this.state !== 'running') return;
      try {
        return await this.applyBatch(generation, batch);
      } catch (error) {
        if (!isTransientDatabaseError(error)) {
          try {
            return await this.fail(generation, batch, error);
          } catch (failError) {
            if (!isTransientDatabaseError(failError)) throw failError;
          }
        }
        const delay = Math.min(50 * 2 ** attempt, 5000);
        if (attempt === 0 || delay === 5000) {
          this.runner.log.warn(
            { projection: this.name, error: describeError(error), retryInMs: delay },
            'batch interrupted; retrying',
          );
        }
        await sleep(delay, this.activation.signal);
      }
    }
  }

  private async applyBatch(generation: number, batch: StoredEvent[]): Promise<void> {
    if (batch.length === 0) return;
    if (this.runner.sharesPasses) {
      if ((await this.runner.joinPass(this, generation, batch)) === 'done') return;
      // Stopped or resubscribed while the pass was gathering: the new subscription (if any) reads it again.
      if (generation !== this.generation) return;
    }
    return this.applyAlone(generation, batch);
  }

  /** Whether this worker may take part in a pass for a batch read at `generation`. */
  isCurrent(generation: number): boolean {
    return generation === this.generation && this.state === 'running' && this.owned;
  }

  /** The checkpoint row as this worker knows it (what a shared pass assumes until the lock answers). */
  ownRow(): RowState {
    return { checkpoint: this.checkpoint, version: this.projection.version, status: 'running' };
  }

  /**
   * This worker's part of a shared pass, inside its open transaction, with the checkpoint rows of every member
   * locked: the events to apply, or undefined when the worker must handle this batch alone (its row moved: a
   * rebuild swap, another version, a failure recorded elsewhere — the solo path sorts each of those out).
   */
  partInPass(batch: StoredEvent[], row: RowState | undefined): StoredEvent[] | undefined {
    if (!row || row.version !== this.projection.version || row.status === 'failed') return undefined;
    if (row.checkpoint !== this.checkpoint) return undefined;
    if (this.runner.store.compareCheckpoints(batch[0]!.checkpoint, row.checkpoint) <= 0) return undefined;
    return batch.filter((event) => this.handles.has(event.type));
  }

  /** A shared pass committed this worker's part. */
  committedInPass(last: Checkpoint, applied: StoredEvent[]): void {
    this.committed(last, applied);
  }

  /** The batch in a transaction of its own (a pass of one, or a member split off a shared pass). */
  private async applyAlone(generation: number, batch: StoredEvent[]): Promise<void> {
    const { pool, store } = this.runner;
    const last = batch[batch.length - 1]!.checkpoint;
    const handled = batch.filter((event) => this.handles.has(event.type));

    if (handled.length === 0) {
      // Nothing to apply: one compare-and-set advances the checkpoint, without waiting for its WAL flush (a
      // checkpoint lost in a crash only means these events are skipped again). If it moved under us (a rebuild
      // swap), fall through to the locking path, which sorts it out.
      if ((await advanceCheckpoint(pool, this.name, this.checkpoint, last, this.projection.version)) === 1)
        return this.committed(last, []);
    }

    const client = await pool.connect();
    let broken: unknown;
    try {
      const row = await beginAndLockCheckpoint(client, this.name);
      if (!row || row.version !== this.projection.version || row.status === 'failed') {
        await client.query('ROLLBACK');
        return this.lostOwnership(row);
      }
      const fresh = batch.filter((event) => store.compareCheckpoints(event.checkpoint, row.checkpoint) > 0);
      if (fresh.length === 0) {
        await client.query('ROLLBACK');
        return this.skippedAhead(generation, row.checkpoint, last);
      }
      const apply = handled.length === 0 ? [] : fresh.filter((event) => this.handles.has(event.type));
      await applyEvents(client, this.projection, apply, this.tables);
      await commitCheckpoint(client, this.name, last, apply.length);
      this.committed(last, apply);
    } catch (error) {
      if (isTransientDatabaseError(error)) broken = error;
      else await client.query('ROLLBACK').catch((rollbackError: unknown) => (broken = rollbackError));
      throw error;
    } finally {
      client.release(broken instanceof Error ? broken : undefined);
    }
  }

  private committed(checkpoint: Checkpoint, events: StoredEvent[]): void {
    if (this.runner.store.compareCheckpoints(checkpoint, this.checkpoint) > 0) this.checkpoint = checkpoint;
    this.runner.applied(this.name, events);
  }

  /** The checkpoint row is ahead of this batch (a rebuild swapped tables in): resume after it. */
  private skippedAhead(generation: number, stored: Checkpoint, last: Checkpoint): void {
    if (generation !== this.generation) return;
    const ahead = this.runner.store.compareCheckpoints(stored, last) > 0;
    this.checkpoint = stored;
    this.runner.notifyProgress();
    if (ahead) this.resubscribe(stored);
  }

  /** Someone else rebuilt it at another version, or marked it failed: stop and let the next tick decide. */
  private lostOwnership(row: CheckpointRow | undefined): void {
    this.runner.log.warn(
      { projection: this.name, storedVersion: row?.version, status: row?.status },
      'checkpoint row changed by another process; restarting the projection',
    );
    // Not awaited: this runs inside a batch handler, and closing the subscription waits for that handler.
    void this.deactivate();
  }

  /**
   * The projector threw on this batch. Find the event at fault (each event alone, under savepoints), commit the
   * events before it with their checkpoint, and record the failure; the event itself stays unapplied.
   */
  private async fail(generation: number, batch: StoredEvent[], cause: unknown): Promise<void> {
    const { pool, store } = this.runner;
    const client = await pool.connect();
    let broken: unknown;
    try {
      await beginProjectionTransaction(client);
      const row = await readCheckpointRow(client, this.name, true);
      if (!row || row.version !== this.projection.version) {
        await client.query('ROLLBACK');
        return this.lostOwnership(row);
      }
      const fresh = batch.filter((event) => store.compareCheckpoints(event.checkpoint, row.checkpoint) > 0);
      const handled = fresh.filter((event) => this.handles.has(event.type));
      const failure = await isolateFailingEvent(client, this.projection, handled, this.tables);
      let checkpoint = row.checkpoint;
      let applied = 0;
      let culprit: StoredEvent | undefined;
      let reason: string;
      if (failure) {
        culprit = handled[failure.index]!;
        applied = failure.index;
        reason = failure.error.reason;
        const before = fresh.filter(
          (event) => store.compareCheckpoints(event.checkpoint, culprit!.checkpoint) < 0,
        );
        if (before.length > 0) checkpoint = before[before.length - 1]!.checkpoint;
      } else {
        // Every event applies on its own, the batch does not: the set-based apply is at fault. Keep nothing.
        await client.query('ROLLBACK');
        await beginProjectionTransaction(client);
        await readCheckpointRow(client, this.name, true);
        culprit = handled[0];
        reason = `${describeError(cause instanceof ProjectorError ? cause.cause : cause)} (the batch of ${handled.length} failed; each of its events applies alone)`;
      }
      await client.query(
        `UPDATE projection_checkpoints
            SET checkpoint = $2, events_applied = events_applied + $3, status = 'failed', error = $4,
                error_event_id = $5, updated_at = now()
          WHERE name = $1`,
        [this.name, checkpoint, applied, reason, culprit?.id ?? null],
      );
      await client.query('COMMIT');
      if (generation !== this.generation) return;
      this.checkpoint = checkpoint;
      this.state = 'failed';
      this.failedRow = { checkpoint, version: row.version, status: 'failed' };
      this.generation++;
      const subscription = this.subscription;
      this.subscription = undefined;
      void subscription?.close().catch(() => {});
      this.runner.log.error(
        {
          projection: this.name,
          eventId: culprit?.id,
          eventType: culprit?.type,
          stream: culprit?.streamId,
          revision: culprit?.revision.toString(),
          error: reason,
        },
        'projection stopped: it cannot apply an event (fix the projector, then restart or rebuild it)',
      );
      this.runner.applied(this.name, handled.slice(0, applied));
    } catch (error) {
      if (isTransientDatabaseError(error)) broken = error;
      else await client.query('ROLLBACK').catch((rollbackError: unknown) => (broken = rollbackError));
      throw error;
    } finally {
      client.release(broken instanceof Error ? broken : undefined);
    }
  }

  /** A rebuild (after a version bump) hit an event it cannot apply: record it like a live failure. */
  private async recordRebuildFailure(error: ProjectorError): Promise<void> {
    await this.runner.pool
      .query(
        `UPDATE projection_checkpoints SET status = 'failed', error = $2, error_event_id = $3, updated_at = now()
          WHERE name = $1`,
        [this.name, `rebuild: ${error.reason}`, error.event?.id ?? null],
      )
      .catch(() => {});
    const row = await readCheckpointRow(this.runner.pool, this.name).catch(() => undefined);
    this.state = 'failed';
    this.failedRow = row ? { checkpoint: row.checkpoint, version: row.version, status: 'failed' } : undefined;
    this.runner.log.error(
      { projection: this.name, eventId: error.event?.id, eventType: error.event?.type, error: error.reason },
      'projection stopped: its rebuild cannot apply an event',
    );
    this.runner.notifyProgress();
  }
}

/**
 * Every projection's stored state, for `projections:status`, /health and the runner (works without a runner:
 * the CLI calls it directly).
 */

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/** At most one call every `ms` (rebuild progress in logs). */
function throttle<T>(fn: (value: T) => void, ms = 5000): (value: T) => void {
  let last = 0;
  return (value) => {
    const now = Date.now();
    if (now - last < ms) return;
    last = now;
    fn(value);
  };
}
