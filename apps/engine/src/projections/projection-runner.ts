import { hostname } from 'node:os';
import type { Writable } from 'node:stream';
import pg from 'pg';
import type { Pool, PoolClient } from '#infra/db/database.js';
import {
  START,
  type Checkpoint,
  type EventStore,
  type StoredEvent,
  type Subscription,
} from '../event-store/event-store.port.js';
import type { Projection, TableNames } from './projection.js';
import {
  ensureCheckpointRow,
  readCheckpointRow,
  readCheckpointRows,
  readLockHolders,
  LOCK_APPLICATION_PREFIX,
  RUN_LOCK_NAMESPACE,
  type CheckpointRow,
  type ProjectionState,
} from './projection-checkpoints.sql.js';
import {
  advanceCheckpoint,
  applyEvents,
  beginAndLockCheckpoint,
  beginAndLockCheckpoints,
  commitCheckpoints,
  beginProjectionTransaction,
  commitCheckpoint,
  describeError,
  isolateFailingEvent,
  isTransientDatabaseError,
  ProjectorError,
  RebuildInProgressError,
} from './projection-transaction.js';
import { countsEvents, rebuildProjection, type RebuildProgress } from './rebuild-projection.js';

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
   * false: each projection commits its own transaction per batch (as before issue 13).
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

type WorkerState = 'standby' | 'starting' | 'rebuilding' | 'running' | 'failed' | 'stopped';

const consoleLogger: ProjectionLogger = {
  info: () => {},
  warn: (details, message) => console.warn(`projections: ${message}`, details),
  error: (details, message) => console.error(`projections: ${message}`, details),
};

/**
 * Runs projections live (ARCHITECTURE §4).
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
      // A stop ends the lock connection under a tick in flight: that is no failure.
      if (!this.stopping)
        this.logger.warn({ error: describeError(error) }, 'cannot take projection locks; retrying');
    }
    if (!this.stopping) {
      this.timer = setTimeout(() => void this.tick(), this.options.lockRetryMs ?? 3000);
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

type PassOutcome = 'done' | 'solo';

/**
 * One batch applied for several projections in one transaction: BEGIN, lock every member's checkpoint row, apply
 * each member's events, advance every checkpoint in one UPDATE, COMMIT — one connection and one commit for all.
 * The members apply side by side on a pipelined connection (`passPool`): their statements go out together, so a
 * pass takes about as many round trips as its longest member, not the sum of all (issue 13: p95 of invoice creation
 * −8 % to −20 % in alternating runs). Members own disjoint tables, so their order inside the pass does not matter.
 *
 * - A member whose projector throws (not a connection failure) is split off: the transaction is rolled back and
 *   run again at once without it, and it handles the batch alone, where its failure is isolated and recorded as
 *   before (status 'failed', error and event in projection_checkpoints). The others do not wait for that. Others'
 *   statements queued behind a failed one are refused (25P02): the member split off is the one whose error was
 *   its own.
 * - A member whose checkpoint row moved under it (rebuild swap, version change) also goes alone.
 * - A connection failure fails the pass for all its members; each retries (and they meet again in a new pass).
 * - A pass of one member is the solo path itself.
 */
class SharedPass {
  private readonly members: PassMember[] = [];
  private closed = false;

  constructor(
    private readonly runner: ProjectionRunner,
    private readonly batch: StoredEvent[],
  ) {}

  join(worker: ProjectionWorker, generation: number): Promise<PassOutcome> {
    if (this.closed) return Promise.resolve('solo');
    return new Promise((resolve, reject) => {
      this.members.push({ worker, generation, settle: { resolve, reject } });
    });
  }

  async run(): Promise<void> {
    this.closed = true;
    let members = this.members.filter((m) => {
      if (m.worker.isCurrent(m.generation)) return true;
      m.settle.resolve('solo'); // the solo path sees the stale generation and returns
      return false;
    });
    // Stable lock order: by name.
    members.sort((a, b) => (a.worker.projection.name < b.worker.projection.name ? -1 : 1));
    while (members.length > 1) {
      try {
        const split = await this.attempt(members, true);
        if (!split) return;
        split.settle.resolve('solo');
        members = members.filter((m) => m !== split);
      } catch (error) {
        for (const m of members) m.settle.reject(error);
        return;
      }
    }
    for (const m of members) m.settle.resolve('solo');
  }

  /**
   * One transaction for `members`; returns the member to split off when its projector threw.
   *
   * `optimistic`: the members' statements go out right behind BEGIN and the checkpoint locks, on the part of the
   * batch their own checkpoints give (the rows say the same unless a rebuild swapped tables or a version changed
   * meanwhile), so the lock costs no round trip of its own; the backend runs them after the lock. When a locked row
   * says otherwise, the transaction is rolled back and the pass runs again on what the rows say.
   */
  private async attempt(members: PassMember[], optimistic: boolean): Promise<PassMember | undefined> {
    const outcome = await this.transaction(members, optimistic);
    if (outcome !== 'again') return outcome;
    const second = await this.transaction(members, false);
    if (second === 'again') throw new Error('a shared pass that sends nothing early was sent again'); // never
    return second;
  }

  private async transaction(
    members: PassMember[],
    optimistic: boolean,
  ): Promise<PassMember | 'again' | undefined> {
    const batch = this.batch;
    const last = batch[batch.length - 1]!.checkpoint;
    const client = await this.runner.passPool().connect();
    let broken: unknown;
    let open = false;
    let applying: Promise<PromiseSettledResult<void>[]> | undefined;
    const applyParts = (parts: PassPart[]) =>
      Promise.allSettled(
        parts.map(({ member, apply }) =>
          applyEvents(client, member.worker.projection, apply, member.worker.tables),
        ),
      );
    try {
      open = true; // from here on a failure rolls back (a ROLLBACK with no transaction open only warns)
      const socket = corked(client);
      let locking: Promise<Map<string, CheckpointRow>>;
      let sentEarly: PassPart[] | undefined;
      try {
        locking = beginAndLockCheckpoints(
          client,
          members.map((m) => m.worker.projection.name),
        );
        sentEarly = optimistic
          ? members.flatMap((member) => {
              const apply = member.worker.partInPass(batch, member.worker.ownRow());
              return apply === undefined ? [] : [{ member, apply }];
            })
          : undefined;
        if (sentEarly) applying = applyParts(sentEarly);
      } finally {
        socket?.uncork();
      }
      const rows = await locking;
      const parts: PassPart[] = [];
      const alone: PassMember[] = [];
      for (const member of members) {
        const apply = member.worker.partInPass(batch, rows.get(member.worker.projection.name));
        if (apply === undefined) alone.push(member);
        else parts.push({ member, apply });
      }
      if (
        sentEarly &&
        (parts.length !== sentEarly.length || parts.some((part, i) => sentEarly[i]!.member !== part.member))
      ) {
        // a row moved under its member: what went out early is not this pass
        await applying;
        await client.query('ROLLBACK');
        open = false;
        return 'again';
      }
      applying ??= applyParts(parts);
      const outcomes = await applying;
      const failures = outcomes.flatMap((outcome, i) =>
        outcome.status === 'rejected' ? [{ member: parts[i]!.member, error: outcome.reason as unknown }] : [],
      );
      if (failures.length > 0) {
        const transient = failures.find(({ error }) => isTransientDatabaseError(error));
        if (transient) throw transient.error;
        await client.query('ROLLBACK');
        open = false;
        // Split off the one at fault (a member refused with 25P02 was taken down by it; split off anyway, it would
        // only go alone and succeed).
        return (failures.find(({ error }) => !abortedByAnother(error)) ?? failures[0]!).member;
      }
      await commitCheckpoints(
        client,
        parts.map(({ member, apply }) => ({
          name: member.worker.projection.name,
          checkpoint: last,
          applied: apply.length,
        })),
      );
      open = false;
      for (const { member, apply } of parts) {
        member.worker.committedInPass(last, apply);
        member.settle.resolve('done');
      }
      for (const member of alone) member.settle.resolve('solo');
      return undefined;
    } catch (error) {
      // statements sent early must have answered before the connection goes back to the pool
      await applying;
      if (isTransientDatabaseError(error)) broken = error;
      else if (open)
        await client.query('ROLLBACK').catch((rollbackError: unknown) => (broken = rollbackError));
      throw error;
    } finally {
      client.release(broken instanceof Error ? broken : undefined);
    }
  }
}

/** What a worker judges of its checkpoint row. */
type RowState = Pick<CheckpointRow, 'checkpoint' | 'version' | 'status'>;

interface PassMember {
  worker: ProjectionWorker;
  generation: number;
  settle: Settle;
}

interface PassPart {
  member: PassMember;
  apply: StoredEvent[];
}

/**
 * Corks the pass connection's socket, so the statements issued until `uncork` leave in one write: one wake-up of
 * the backend instead of one per statement (each write to the socket woke it, and on two cores the woken backend
 * took the API's core from under it).
 */
function corked(client: PoolClient): Pick<Writable, 'uncork'> | undefined {
  const stream = (client as unknown as { connection?: { stream?: Partial<Writable> } }).connection?.stream;
  if (typeof stream?.cork !== 'function' || typeof stream.uncork !== 'function') return undefined;
  stream.cork();
  return stream as Writable;
}

/** A statement refused because another one of the same transaction failed first (in a pipelined pass). */
function abortedByAnother(error: unknown): boolean {
  const cause = error instanceof ProjectorError ? error.cause : error;
  return (cause as { code?: unknown } | undefined)?.code === '25P02';
}

interface Settle {
  resolve(outcome: PassOutcome): void;
  reject(error: unknown): void;
}

/**
 * One projection inside a runner: its lock ownership, subscription and batch transactions.
 */
class ProjectionWorker {
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
