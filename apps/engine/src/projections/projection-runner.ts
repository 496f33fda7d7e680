import { hostname } from 'node:os';
import pg from 'pg';
import type { Pool } from '#infra/db/database.js';
import {
  START,
  type Checkpoint,
  type EventStore,
  type StoredEvent,
} from '../event-store/event-store.port.js';
import type { Projection } from './projection.js';
import {
  readCheckpointRows,
  readLockHolders,
  LOCK_APPLICATION_PREFIX,
  RUN_LOCK_NAMESPACE,
  type ProjectionState,
} from './projection-checkpoints.sql.js';
import { describeError } from './projection-transaction.js';
import { countsEvents } from './rebuild-projection.js';
import { ProjectionWorker } from './projection-worker.js';
import { SharedPass, type PassOutcome } from './shared-pass.js';

/** pino-compatible: `logger.error({ projection, eventId }, 'message')`. */
export interface ProjectionLogger {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export interface ProjectionRunnerOptions {
  /** Events per live batch: one transaction each (default 500). */
  batchSize?: number;
  /** How often waitFor polls projection_checkpoints for projections another process runs (ms, default 100). */
  pollIntervalMs?: number;
  /** How often a standby runner tries to take a projection's lock, and a failed one looks for a fix (ms, default 3000). */
  lockRetryMs?: number;
  /**
   * How this process is named in `projections:status` (the lock connection's application_name): default
   * `<host name>:<pid>`.
   */
  processName?: string;
  /** Events per batch while rebuilding after a version bump (default 10,000). */
  rebuildBatchSize?: number;
  logger?: ProjectionLogger;
  /** Called after a batch committed (for live updates to browsers); never awaited, errors are logged. */
  onApplied?: (projection: string, events: StoredEvent[]) => void;
  /**
   * Apply a batch for every projection that read it at the same checkpoint in one transaction (default true).
   * false: each projection commits its own transaction per batch (as before ).
   */
  sharedPass?: boolean;
}

export interface ProjectionStatus {
  name: string;
  /** Version the tables were built with (0: never built). */
  version: number;
  /** Version of the projector in this code; differs from `version` until the rebuild has run. */
  codeVersion: number;
  checkpoint: Checkpoint;
  /** null when no runner has started it yet. */
  status: ProjectionState | null;
  error: string | null;
  errorEventId: string | null;
  /** Events after the checkpoint (null when the event store cannot count them). */
  lag: number | null;
  eventsApplied: number;
  updatedAt: string | null;
  /** This process holds its lock and runs it. */
  runningHere: boolean;
  /** The process holding its lock now (see ProjectionRunnerOptions.processName), null when none does. */
  heldBy: string | null;
  /** The process that took it last (it may have stopped since). */
  lastHolder: string | null;
  /** When that process took it (ISO instant). */
  heldSince: string | null;
  /** The process that held it before the last one took it over, if another. */
  previousHolder: string | null;
}

const consoleLogger: ProjectionLogger = {
  info: () => {},
  warn: (details, message) => console.warn(`projections: ${message}`, details),
  error: (details, message) => console.error(`projections: ${message}`, details),
};

/**
 * Runs projections live.
 *
 * - Exactly one process runs each projection: it holds a session-level advisory lock keyed by the name on a
 *   dedicated connection; other processes stay in standby and retry every `lockRetryMs`.
 * - Each batch is one transaction: lock the checkpoint row, skip events at or before it (a rebuild swap or
 *   another process may have moved it), apply, advance the checkpoint, commit. A crash anywhere loses or
 *   repeats nothing.
 * - One pass per batch: the projections of this process that stand at the same checkpoint read each batch once
 *   (the store shares the read) and apply it in ONE transaction that locks and advances all their checkpoints and
 *   commits once (`SharedPass`). A projection behind the others (starting, just rebuilt, resumed after a fix)
 *   reads its own batches until it has caught up, and from then on meets the others at the same batch again.
 * - An event the projector cannot apply stops that projector ('failed', with the error and the event id in
 *   projection_checkpoints); the others keep running. Connection failures are retried, not failures.
 * - A projector whose version differs from the one its tables were built with is rebuilt before it goes live.
 */
export class ProjectionRunner {
  private readonly workers: ProjectionWorker[];
  private readonly logger: ProjectionLogger;
  private readonly progressListeners = new Set<() => void>();
  /** Latest known state of projections this process does not run, from projection_checkpoints. */
  private readonly remote = new Map<string, { checkpoint: Checkpoint; status: ProjectionState | null }>();
  private remoteRefresh: Promise<void> | undefined;
  /** Shared passes collecting their members (workers handed the same batch in this turn of the event loop). */
  private readonly passes = new Map<string, SharedPass>();
  private lockClient: pg.Client | undefined;
  private pipelined: Pool | undefined;
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  private stopping = false;

  constructor(
    readonly pool: Pool,
    readonly store: EventStore,
    readonly projections: readonly Projection[],
    readonly options: ProjectionRunnerOptions = {},
  ) {
    const names = new Set<string>();
    for (const projection of projections) {
      if (names.has(projection.name)) throw new Error(`Two projections are named ${projection.name}`);
      names.add(projection.name);
    }
    this.logger = options.logger ?? consoleLogger;
    this.workers = projections.map((projection) => new ProjectionWorker(projection, this));
  }

  /**
   * Takes the lock of every projection no other process runs, rebuilds those whose version changed, and
   * subscribes them. Resolves when each is running, failed or in standby (so after any rebuild it needed).
   */
  async start(): Promise<void> {
    if (this.started) throw new Error('ProjectionRunner already started');
    this.started = true;
    await this.tick(true);
  }

  /** Closes the subscriptions and releases the locks; a standby process then takes over. */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    clearTimeout(this.timer);
    await Promise.all(this.workers.map((worker) => worker.shutdown()));
    await this.lockClient?.end().catch(() => {});
    this.lockClient = undefined;
    await this.pipelined?.end().catch(() => {});
    this.pipelined = undefined;
    this.notifyProgress();
  }

  /**
   * The connections of shared passes: pipelined (pg's `pipeline` mode), so the members' statements, issued side by
   * side, travel together instead of one round trip after another.
   */
  passPool(): Pool {
    if (!this.pipelined) {
      this.pipelined = new pg.Pool({ ...this.pool.options, max: 2, pipeline: true } as pg.PoolConfig);
      this.pipelined.on('error', () => {}); // an idle connection lost: the next pass opens another
    }
    return this.pipelined;
  }

  /**
   * Read-your-writes: resolves true once every projection (failed and rebuilding ones excepted) has applied
   * everything up to `checkpoint`, false after `timeoutMs`. Works whichever process runs the projections.
   * `projections` names the ones to wait for (those a command's response and next page read); all when absent.
   */
  async waitFor(checkpoint: Checkpoint, timeoutMs = 5000, projections?: readonly string[]): Promise<boolean> {
    if (checkpoint === START) return true;
    const deadline = Date.now() + timeoutMs;
    const pollMs = this.options.pollIntervalMs ?? 100;
    const waited = projections ? this.workersNamed(projections) : this.workers;
    for (;;) {
      const behind = waited.filter((worker) => !this.hasReached(worker, checkpoint));
      if (behind.length === 0) return true;
      const remaining = deadline - Date.now();
      if (remaining <= 0) return false;
      const needsPoll = behind.some((worker) => !worker.owned);
      await this.nextProgress(needsPoll ? Math.min(pollMs, remaining) : remaining);
      if (needsPoll) await this.refreshRemote();
    }
  }

  private workersNamed(names: readonly string[]): ProjectionWorker[] {
    const wanted = new Set(names);
    const found = this.workers.filter((worker) => wanted.has(worker.projection.name));
    if (found.length !== wanted.size) {
      const unknown = names.filter((name) => !this.projections.some((p) => p.name === name));
      throw new Error(`waitFor: no projection named ${unknown.join(', ')}`);
    }
    return found;
  }

  /** Each projection's checkpoint, lag, state and last error, as stored in projection_checkpoints. */
  async status(): Promise<ProjectionStatus[]> {
    const statuses = await readProjectionStatus(this.pool, this.store, this.projections);
    const here = new Set(this.workers.filter((w) => w.owned).map((w) => w.projection.name));
    return statuses.map((status) => ({ ...status, runningHere: here.has(status.name) }));
  }

  // --- internals shared with the workers ---------------------------------------------------------------------

  get processName(): string {
    return this.options.processName ?? `${hostname()}:${process.pid}`;
  }

  get batchSize(): number {
    return this.options.batchSize ?? 500;
  }

  get log(): ProjectionLogger {
    return this.logger;
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  applied(projection: string, events: StoredEvent[]): void {
    this.notifyProgress();
    if (!this.options.onApplied || events.length === 0) return;
    try {
      this.options.onApplied(projection, events);
    } catch (error) {
      this.logger.warn({ projection, error: describeError(error) }, 'onApplied hook threw');
    }
  }

  notifyProgress(): void {
    for (const listener of [...this.progressListeners]) listener();
  }

  get sharesPasses(): boolean {
    return this.options.sharedPass !== false;
  }

  /**
   * Joins the shared pass of this batch (keyed by its first and last checkpoint: every subscriber standing at the
   * same checkpoint is handed the same batch). The pass runs once the current turn of the event loop is over, so
   * every subscriber woken by the same read has joined; it resolves each member with what is left for it to do
   * alone ('solo'), or 'done'.
   */
  joinPass(worker: ProjectionWorker, generation: number, batch: StoredEvent[]): Promise<PassOutcome> {
    const key = `${batch[0]!.checkpoint}|${batch[batch.length - 1]!.checkpoint}|${batch.length}`;
    let pass = this.passes.get(key);
    if (!pass) {
      const created = new SharedPass(this, batch);
      pass = created;
      this.passes.set(key, created);
      setImmediate(() => {
        if (this.passes.get(key) === created) this.passes.delete(key);
        void created.run();
      });
    }
    return pass.join(worker, generation);
  }

  async releaseLock(worker: ProjectionWorker): Promise<void> {
    worker.owned = false;
    const client = this.lockClient;
    if (!client) return;
    await client
      .query('SELECT pg_advisory_unlock($1, hashtext($2))', [RUN_LOCK_NAMESPACE, worker.projection.name])
      .catch(() => {}); // a dead lock connection has released it already
  }

  private hasReached(worker: ProjectionWorker, checkpoint: Checkpoint): boolean {
    if (worker.owned) {
      if (worker.state === 'failed' || worker.state === 'rebuilding') return true; // not waited for
      return worker.state === 'running' && this.store.compareCheckpoints(worker.checkpoint, checkpoint) >= 0;
    }
    const remote = this.remote.get(worker.projection.name);
    if (!remote) return false; // not read yet
    // A failed projector will not move, and a rebuilding one only at its swap: not waited for. A stopped one is
    // waited for: a standby process takes it over within its lock retry.
    if (remote.status === 'failed' || remote.status === 'rebuilding') return true;
    return this.store.compareCheckpoints(remote.checkpoint, checkpoint) >= 0;
  }

  private nextProgress(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.progressListeners.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.progressListeners.add(done);
    });
  }

  /** One query for every projection, shared by all concurrent waitFor calls. */
  private refreshRemote(): Promise<void> {
    this.remoteRefresh ??= (async () => {
      try {
        const rows = await readCheckpointRows(
          this.pool,
          this.projections.map((p) => p.name),
        );
        for (const projection of this.projections) {
          const row = rows.get(projection.name);
          this.remote.set(projection.name, {
            checkpoint: row?.checkpoint ?? START,
            status: row?.status ?? null,
          });
        }
      } catch (error) {
        this.logger.warn({ error: describeError(error) }, 'cannot read projection checkpoints');
      } finally {
        this.remoteRefresh = undefined;
      }
    })();
    return this.remoteRefresh;
  }

  /**
   * Tries the lock of every projection in standby and checks failed ones for a fix. The first tick (from start)
   * also waits for the projections it took to be running.
   */
  private async tick(first = false): Promise<void> {
    if (this.stopping) return;
    const activations: Promise<void>[] = [];
    let failed = false;
    try {
      const lock = await this.lockConnection();
      for (const worker of this.workers) {
        if (this.stopping) break;
        if (worker.state === 'standby') {
          const { rows } = await lock.query('SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok', [
            RUN_LOCK_NAMESPACE,
            worker.projection.name,
          ]);
          if (rows[0].ok) activations.push(worker.activate());
        } else if (worker.state === 'failed') {
          activations.push(worker.checkForFix());
        }
      }
    } catch (error) {
      if (first && !this.stopping) {
        this.started = false;
        throw error;
      }
      failed = true;
      // A stop ends the lock connection under a tick in flight: that is no failure.
      if (!this.stopping)
        this.logger.warn({ error: describeError(error) }, 'cannot take projection locks; retrying');
    }
    if (!this.stopping) {
      // The database could not be reached (restarting, failing over): the projections this process held are to be
      // taken again as soon as it answers, so the next try comes sooner.
      const retryMs = this.options.lockRetryMs ?? 3000;
      this.timer = setTimeout(() => void this.tick(), failed ? Math.min(retryMs, 500) : retryMs);
      this.timer.unref();
    }
    if (first) await Promise.all(activations);
  }

  private async lockConnection(): Promise<pg.Client> {
    if (this.lockClient) return this.lockClient;
    const client = new pg.Client({
      ...this.pool.options,
      application_name: `${LOCK_APPLICATION_PREFIX}${this.processName}`.slice(0, 63),
    });
    client.on('error', (error) => this.lockLost(client, error));
    client.on('end', () => this.lockLost(client, new Error('lock connection ended')));
    await client.connect();
    if (this.stopping) {
      // stop() ran while this connection was opening: it never saw it, so it must not outlive the runner
      await client.end().catch(() => {});
      throw new Error('projection runner stopped');
    }
    this.lockClient = client;
    return client;
  }

  /** The session holding our locks is gone, so are the locks: another process may take over at once. */
  private lockLost(client: pg.Client, error: Error): void {
    if (this.lockClient !== client) return;
    this.lockClient = undefined;
    if (this.stopping) return;
    this.logger.warn(
      { error: describeError(error) },
      'lost the projection lock connection; projections go to standby',
    );
    for (const worker of this.workers) if (worker.owned) void worker.deactivate();
  }
}

export async function readProjectionStatus(
  pool: Pool,
  store: EventStore,
  projections: readonly Projection[],
): Promise<ProjectionStatus[]> {
  const names = projections.map((p) => p.name);
  const [rows, holders] = await Promise.all([readCheckpointRows(pool, names), readLockHolders(pool, names)]);
  return Promise.all(
    projections.map(async (projection) => {
      const row = rows.get(projection.name);
      const checkpoint = row?.checkpoint ?? START;
      return {
        name: projection.name,
        version: row?.version ?? 0,
        codeVersion: projection.version,
        checkpoint,
        status: row?.status ?? null,
        error: row?.error ?? null,
        errorEventId: row?.error_event_id ?? null,
        lag: countsEvents(store) ? await store.countAfter(checkpoint) : null,
        eventsApplied: Number(row?.events_applied ?? 0),
        updatedAt: row?.updated_at ? row.updated_at.toISOString() : null,
        runningHere: false,
        heldBy: holders.get(projection.name)?.holder ?? null,
        lastHolder: row?.holder ?? null,
        heldSince: row?.held_since ? row.held_since.toISOString() : null,
        previousHolder: row?.previous_holder ?? null,
      };
    }),
  );
}
