import pg from 'pg';
import { createPool } from '#infra/db/database.js';
import {
  START,
  WrongExpectedRevisionError,
  type AppendResult,
  type ChainHead,
  type ChainVerification,
  type Checkpoint,
  type EventStore,
  type ExpectedRevision,
  type StoredEvent,
  type StreamAppend,
  type StreamSnapshot,
  type Subscription,
  type SubscriptionHandler,
} from './event-store.port.js';
import { EVENT_STORE_DDL } from './postgres-event-store.sql.js';
import { upcastStored } from './upcasting.js';
import { chainLinkOf, verifyChain } from './postgres-event-chain.js';

const CHANNEL = 'stampline_events';
const EXPECTED_NO_STREAM = -1n;
const EXPECTED_ANY = -2n;

/** A row of SELECT_COLUMNS, fetched in array mode (no per-row object keyed by column name). */
type EventRow = [
  position: string,
  xid: string,
  streamId: string,
  revision: string,
  eventId: string,
  type: string,
  data: Record<string, unknown>,
  metadata: StoredEvent['metadata'],
  recordedAt: string,
];

// `xid`, not `transaction_id`: ORDER BY would otherwise sort by the text alias ('1000' < '968').
// recorded_at comes as ISO text (what toISOString gives, to the millisecond): parsing a Date per event and
// formatting it again cost a third of the catch-up read.
const SELECT_COLUMNS = `position, transaction_id::text AS xid, stream_id, revision, event_id, type, data, metadata,
  to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS recorded_at`;

const APPEND = `SELECT revisions::text[] AS revisions, last_position, xid::text AS xid, duplicate
  FROM append_events($1::text[], $2::bigint[], $3::int[], $4::jsonb)`;
const READ_ALL = `SELECT ${SELECT_COLUMNS} FROM events
  WHERE (transaction_id, position) > ($1::text::xid8, $2::bigint)
    AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
  ORDER BY transaction_id, position
  LIMIT $3`;
/**
 * READ_ALL, and whether events after it exist that readers cannot see yet (committed above the horizon: an older
 * transaction still runs), in one statement for the subscription loop. The second branch answers at most one row,
 * marked `pending`, with no event in it; both branches are index range scans in (transaction_id, position) order.
 */
const READ_ALL_AND_PENDING = `(${READ_ALL.replace(' FROM events', ', false AS pending FROM events')})
  UNION ALL
  (SELECT NULL::bigint, NULL::text, NULL::text, NULL::bigint, NULL::uuid, NULL::text, NULL::jsonb, NULL::jsonb,
          NULL::text, true FROM events
    WHERE (transaction_id, position) > ($1::text::xid8, $2::bigint)
      AND transaction_id >= pg_snapshot_xmin(pg_current_snapshot())
    ORDER BY transaction_id, position
    LIMIT 1)`;
const READ_SNAPSHOT = `SELECT revision::text AS revision, version, state::text AS state FROM stream_snapshots WHERE stream_id = $1`;
// A newer revision replaces the kept one; so does the same or an older one taken in another state shape.
const WRITE_SNAPSHOT = `INSERT INTO stream_snapshots (stream_id, revision, version, state) VALUES ($1, $2, $3, $4::jsonb)
  ON CONFLICT (stream_id) DO UPDATE SET revision = EXCLUDED.revision, version = EXCLUDED.version,
    state = EXCLUDED.state, taken_at = now()
  WHERE stream_snapshots.revision < EXCLUDED.revision OR stream_snapshots.version <> EXCLUDED.version`;
const READ_STREAM = `SELECT ${SELECT_COLUMNS} FROM events WHERE stream_id = $1 AND revision >= $2 ORDER BY revision LIMIT $3`;
/** Several streams, each from its own revision, at most $3 events of each, in stream order. */
const READ_STREAMS = `SELECT e.* FROM unnest($1::text[], $2::bigint[]) AS r (stream_id, from_revision)
  CROSS JOIN LATERAL (SELECT ${SELECT_COLUMNS} FROM events
    WHERE events.stream_id = r.stream_id AND events.revision >= r.from_revision ORDER BY events.revision LIMIT $3) e`;
/** The NOTIFY needs no durability (the append it announces is durable already): no WAL flush to wait for. */
const NOTIFY = `SELECT set_config('synchronous_commit', 'off', true), pg_notify('${CHANNEL}', '')`;

/** Checkpoint of the Postgres store: `${transactionId}:${position}`; START reads from the beginning. */
export function parseCheckpoint(checkpoint: Checkpoint): [bigint, bigint] {
  if (checkpoint === START) return [0n, 0n];
  const [xid, position] = checkpoint.split(':');
  if (xid === undefined || position === undefined)
    throw new Error(`Not a Postgres event store checkpoint: ${checkpoint}`);
  return [BigInt(xid), BigInt(position)];
}

export function toCheckpoint(transactionId: bigint | string, position: bigint | string): Checkpoint {
  return `${transactionId}:${position}`;
}

function toStoredEvent([
  position,
  xid,
  streamId,
  revision,
  id,
  type,
  data,
  metadata,
  recordedAt,
]: EventRow): StoredEvent {
  return upcastStored({
    id,
    streamId,
    revision: BigInt(revision),
    position: BigInt(position),
    checkpoint: `${xid}:${position}`,
    type,
    data,
    metadata,
    recordedAt,
  });
}

function expectedCode(expected: ExpectedRevision): bigint {
  if (expected === 'no_stream') return EXPECTED_NO_STREAM;
  if (expected === 'any') return EXPECTED_ANY;
  return expected;
}

function isPgError(error: unknown): error is pg.DatabaseError {
  return error instanceof Error && typeof (error as pg.DatabaseError).code === 'string';
}

export interface PostgresEventStoreOptions {
  /** Fallback polling interval when no notification arrives (ms). */
  pollIntervalMs?: number;
  /** Retry delay while committed events wait behind a running transaction (ms). */
  horizonRetryMs?: number;
  /** Send NOTIFY after appends (other processes' subscribers wake without waiting for their poll). */
  notify?: boolean;
  /**
   * At most one NOTIFY per this many ms (default 10): the first append after a quiet spell notifies at once,
   * later ones within the interval share one trailing NOTIFY. Subscribers in this process wake at once anyway.
   */
  notifyIntervalMs?: number;
  poolSize?: number;
}

/**
 * The default event store: an `events` table in Postgres. See postgres-event-store.sql.ts for how it keeps
 * global order gap-safe without a global lock.
 */
export class PostgresEventStore implements EventStore {
  private readonly pool: pg.Pool;
  private readonly ownsPool: boolean;
  private readonly wakers = new Set<() => void>();
  private readonly subscriptions = new Set<Subscription>();
  private listener: pg.Client | undefined;
  private listening: Promise<void> | undefined;
  private notifyTimer: NodeJS.Timeout | NodeJS.Immediate | undefined;
  private lastNotifyAt = -Infinity;
  private closed = false;
  /** The next LISTEN attempt after the listening connection dropped (cleared by close). */
  private relistenTimer: NodeJS.Timeout | undefined;
  /** Bumped by every wake-up (an append here, a NOTIFY from elsewhere): see `shared`. */
  private wakeCount = 0;
  private readonly inFlight = new Map<string, { wakeCount: number; result: Promise<unknown> }>();
  private readonly horizonWaiters = new Set<() => void>();
  private horizonTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly options: PostgresEventStoreOptions = {},
    pool?: pg.Pool,
  ) {
    this.pool = pool ?? createPool(url, options.poolSize ?? 10, 'stampline-events');
    this.ownsPool = !pool;
  }

  /** Creates the schema when missing (the migrations do the same; tests and benches use this). */
  async ensureSchema(): Promise<void> {
    await this.pool.query(EVENT_STORE_DDL);
  }

  async appendToStreams(appends: StreamAppend[]): Promise<AppendResult> {
    const nonEmpty = appends.filter((a) => a.events.length > 0);
    if (nonEmpty.length === 0) throw new Error('appendToStreams needs at least one event');
    // One jsonb document of [id, type, data, metadata] per event: one parameter to encode and parse, however
    // many events (jsonb[] arrays cost an escaped array literal per event on both sides).
    const events = JSON.stringify(
      nonEmpty.flatMap((a) => a.events.map((e) => [e.id, e.type, e.data, e.metadata])),
    );
    let row: { revisions: string[]; last_position: string; xid: string; duplicate: boolean };
    try {
      // A named statement: each pooled connection parses and plans it once.
      const result = await this.pool.query({
        name: 'stampline_append_events',
        text: APPEND,
        values: [
          nonEmpty.map((a) => a.stream),
          nonEmpty.map((a) => expectedCode(a.expected).toString()),
          nonEmpty.map((a) => a.events.length),
          events,
        ],
      });
      row = result.rows[0];
    } catch (error) {
      // A retried append whose events exist: the function answers that itself when its first stream's expected
      // revision fails; an `any` retry (event id key) or a later stream's failure is looked up here.
      const retried =
        isPgError(error) &&
        ((error.code === '23505' && error.constraint === 'events_event_id_key') ||
          (error.code === 'SL001' && nonEmpty.length > 1));
      const appended = retried ? await this.findAppended(nonEmpty) : undefined;
      if (appended) return appended;
      throw this.translateAppendError(error);
    }
    const revisions: Record<string, bigint> = {};
    nonEmpty.forEach((a, i) => (revisions[a.stream] = BigInt(row.revisions[i]!)));
    if (!row.duplicate) this.announce();
    return { revisions, checkpoint: toCheckpoint(row.xid, row.last_position), duplicate: row.duplicate };
  }

  /** The result of an append whose events all exist already (a retry); undefined when none of them exists. */
  private async findAppended(appends: StreamAppend[]): Promise<AppendResult | undefined> {
    const ids = appends.flatMap((a) => a.events.map((e) => e.id));
    const { rows } = await this.pool.query<{
      stream_id: string;
      n: number;
      revision: string;
      position: string;
      xid: string;
    }>(
      `SELECT stream_id, count(*)::int AS n, max(revision) AS revision, max(position) AS position,
              max(transaction_id)::text AS xid
         FROM events WHERE event_id = ANY($1::uuid[]) GROUP BY stream_id`,
      [ids],
    );
    if (rows.length === 0) return undefined;
    const byStream = new Map(rows.map((row) => [row.stream_id, row]));
    const found = rows.reduce((n, row) => n + row.n, 0);
    if (
      found < ids.length ||
      appends.some((a) => !byStream.has(a.stream)) ||
      byStream.size > appends.length
    ) {
      throw new Error('append_events: some events of this append exist already, or in other streams');
    }
    // One append's events share one transaction id; its last event has the highest position.
    const last = rows.reduce((a, b) => (BigInt(a.position) > BigInt(b.position) ? a : b));
    const revisions: Record<string, bigint> = {};
    for (const a of appends) revisions[a.stream] = BigInt(byStream.get(a.stream)!.revision);
    return { revisions, checkpoint: toCheckpoint(last.xid, last.position), duplicate: true };
  }

  private translateAppendError(error: unknown): unknown {
    if (!isPgError(error)) return error;
    if (error.code === 'SL001') {
      const [stream = '', expected = '', actual = ''] = (error.detail ?? '').split('|');
      return new WrongExpectedRevisionError(
        stream,
        expected === 'no_stream' ? 'no_stream' : BigInt(expected),
        actual === '' || actual === 'no_stream' ? 'no_stream' : BigInt(actual),
      );
    }
    if (error.code === '23505' && error.constraint === 'events_stream_revision_key') {
      return new WrongExpectedRevisionError('(concurrent append)', 'any', 'no_stream');
    }
    // Two identical retries racing: the loser sees the winner's event ids; retrying the call answers `duplicate`.
    if (error.code === '23505' && error.constraint === 'events_event_id_key') {
      return new WrongExpectedRevisionError('(concurrent duplicate)', 'any', 'no_stream');
    }
    return error;
  }

  async *readStream(stream: string, fromRevision = 0n): AsyncIterable<StoredEvent> {
    const pageSize = 1000;
    let next = fromRevision;
    for (;;) {
      const { rows } = await this.pool.query<EventRow>({
        name: 'stampline_read_stream',
        text: READ_STREAM,
        values: [stream, next.toString(), pageSize],
        rowMode: 'array',
      });
      for (const row of rows) yield toStoredEvent(row);
      if (rows.length < pageSize) return;
      next = BigInt(rows[rows.length - 1]![3]) + 1n;
    }
  }

  async readStreams(
    requests: readonly { stream: string; fromRevision: bigint }[],
    limit: number,
  ): Promise<Map<string, StoredEvent[]>> {
    const { rows } = await this.pool.query<EventRow>({
      name: 'stampline_read_streams',
      text: READ_STREAMS,
      values: [requests.map((r) => r.stream), requests.map((r) => r.fromRevision.toString()), limit],
      rowMode: 'array',
    });
    const byStream = new Map<string, StoredEvent[]>();
    for (const row of rows) {
      const event = toStoredEvent(row);
      const list = byStream.get(event.streamId);
      if (list) list.push(event);
      else byStream.set(event.streamId, [event]);
    }
    return byStream;
  }

  async readSnapshot(stream: string): Promise<StreamSnapshot | undefined> {
    const { rows } = await this.pool.query<{ revision: string; version: number; state: string }>({
      name: 'stampline_read_snapshot',
      text: READ_SNAPSHOT,
      values: [stream],
    });
    const row = rows[0];
    // state as text, parsed here: one JSON.parse instead of the driver's per-row jsonb parse (same cost, no copy).
    return row
      ? { stream, revision: BigInt(row.revision), version: row.version, state: JSON.parse(row.state) }
      : undefined;
  }

  async writeSnapshot(snapshot: StreamSnapshot): Promise<void> {
    await this.pool.query({
      name: 'stampline_write_snapshot',
      text: WRITE_SNAPSHOT,
      values: [
        snapshot.stream,
        snapshot.revision.toString(),
        snapshot.version,
        JSON.stringify(snapshot.state),
      ],
    });
  }

  async readAll(from: Checkpoint, limit: number): Promise<StoredEvent[]> {
    const [xid, position] = parseCheckpoint(from);
    const { rows } = await this.pool.query<EventRow>({
      name: 'stampline_read_all',
      text: READ_ALL,
      values: [xid.toString(), position.toString(), limit],
      rowMode: 'array',
    });
    return rows.map(toStoredEvent);
  }

  /**
   * Number of events after `from` in global order, including those not readable yet; projection lag for
   * `projections:status` and rebuild totals. Uses the (transaction_id, position) index.
   */
  async countAfter(from: Checkpoint): Promise<number> {
    const [xid, position] = parseCheckpoint(from);
    const { rows } = await this.pool.query(
      `SELECT count(*)::bigint AS n FROM events WHERE (transaction_id, position) > ($1::text::xid8, $2::bigint)`,
      [xid.toString(), position.toString()],
    );
    return Number(rows[0].n);
  }

  /**
   * readAll, and whether events after those exist that readers cannot see yet (their transaction's order is not
   * settled): the subscription loop's read, one round trip instead of a read and a look.
   */
  async readAllAndPending(
    from: Checkpoint,
    limit: number,
  ): Promise<{ events: StoredEvent[]; pending: boolean }> {
    const [xid, position] = parseCheckpoint(from);
    const { rows } = await this.pool.query<[...EventRow, boolean]>({
      name: 'stampline_read_all_and_pending',
      text: READ_ALL_AND_PENDING,
      values: [xid.toString(), position.toString(), limit],
      rowMode: 'array',
    });
    const pending = rows.length > 0 && rows[rows.length - 1]![9] === true;
    const events = (pending ? rows.slice(0, -1) : rows) as unknown as EventRow[];
    return { events: events.map(toStoredEvent), pending };
  }

  /**
   * One query for every subscriber asking the same thing at once: the projections are woken together by each
   * append and mostly stand at the same checkpoint, so they share a read instead of sending one each. A caller
   * joins a query only if no wake-up came since it was sent, so it never misses the events it was woken for.
   * Callers get the same array: handlers must not change it (they filter copies).
   */
  private shared<T>(key: string, query: () => Promise<T>): Promise<T> {
    const running = this.inFlight.get(key);
    if (running && running.wakeCount === this.wakeCount) return running.result as Promise<T>;
    const result = query();
    const entry = { wakeCount: this.wakeCount, result };
    this.inFlight.set(key, entry);
    const forget = () => {
      if (this.inFlight.get(key) === entry) this.inFlight.delete(key);
    };
    result.then(forget, forget);
    return result;
  }

  private atHorizonRetry(done: () => void, ms: number): void {
    this.horizonWaiters.add(done);
    this.horizonTimer ??= setTimeout(() => {
      this.horizonTimer = undefined;
      const waiters = [...this.horizonWaiters];
      this.horizonWaiters.clear();
      for (const waiter of waiters) waiter();
    }, ms);
  }

  private wakeAll(): void {
    this.wakeCount++;
    for (const waker of this.wakers) waker();
  }

  subscribeAll(
    from: Checkpoint,
    handler: SubscriptionHandler,
    options: { batchSize?: number; onError?: (error: unknown) => void } = {},
  ): Subscription {
    const batchSize = options.batchSize ?? 500;
    const pollIntervalMs = this.options.pollIntervalMs ?? 1000;
    const horizonRetryMs = this.options.horizonRetryMs ?? 3;
    let running = true;
    // A wake-up that arrives while a batch is being read or handled is remembered, so the next wait ends at once.
    let signalled = false;
    let wake: (() => void) | undefined;
    const waker = () => {
      signalled = true;
      wake?.();
    };
    this.wakers.add(waker);
    void this.listen();

    // `together`: the horizon retry, on one timer for every subscriber of this store, so subscribers waiting at
    // the same checkpoint read again at the same moment and share that read.
    const sleep = (ms: number, together = false) =>
      new Promise<void>((resolve) => {
        if (signalled || !running) return resolve();
        const timer = together ? undefined : setTimeout(done, ms);
        if (together) this.atHorizonRetry(done, ms);
        function done() {
          clearTimeout(timer);
          horizonWaiters.delete(done);
          if (wake === done) wake = undefined;
          resolve();
        }
        wake = done;
      });
    const horizonWaiters = this.horizonWaiters;

    const loop = async () => {
      let checkpoint = from;
      while (running) {
        signalled = false;
        const { events: batch, pending } = await this.shared(`read:${checkpoint}:${batchSize}`, () =>
          this.readAllAndPending(checkpoint, batchSize),
        );
        if (!running) break;
        if (batch.length > 0) {
          await handler(batch);
          checkpoint = batch[batch.length - 1]!.checkpoint;
          if (batch.length === batchSize) continue;
        }
        // Committed events wait behind a running transaction: read again soon. (Events committed while the
        // batch was handled wake the loop, so the next sleep ends at once.)
        if (pending) await sleep(horizonRetryMs, true);
        else await sleep(pollIntervalMs);
      }
    };
    const done = loop().catch((error: unknown) => {
      running = false;
      if (options.onError) options.onError(error);
      else console.error('event store subscription stopped', error);
    });

    const subscription: Subscription = {
      close: async () => {
        running = false;
        this.wakers.delete(waker);
        this.subscriptions.delete(subscription);
        waker();
        await done;
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  /**
   * Wakes local subscribers now, and other processes through NOTIFY: after the append has committed (NOTIFY
   * inside it would serialise every appending commit on Postgres' notify-queue lock), throttled to one per
   * `notifyIntervalMs`, and without waiting for a WAL flush. Every append is followed by a NOTIFY sent after it
   * returned, within the interval.
   */
  private announce(): void {
    this.wakeAll();
    if (this.options.notify === false || this.notifyTimer || this.closed) return;
    const send = () => {
      this.notifyTimer = undefined;
      if (this.closed) return;
      this.lastNotifyAt = performance.now();
      this.pool.query(NOTIFY).catch(() => {});
    };
    const wait = this.lastNotifyAt + (this.options.notifyIntervalMs ?? 10) - performance.now();
    // setImmediate: appends finishing in the same turn share one NOTIFY.
    this.notifyTimer = wait > 0 ? setTimeout(send, wait) : setImmediate(send);
  }

  private listen(): Promise<void> {
    if (this.listening) return this.listening;
    this.listening = (async () => {
      const client = new pg.Client({ connectionString: this.url, application_name: 'stampline-listen' });
      client.on('error', () => {
        // The connection dropped: subscribers keep polling; try listening again soon.
        this.listener = undefined;
        this.listening = undefined;
        this.listenAgainSoon();
      });
      client.on('notification', () => this.wakeAll());
      try {
        await client.connect();
        await client.query(`LISTEN ${CHANNEL}`);
        if (this.closed) await client.end();
        else this.listener = client;
      } catch {
        // The database does not answer (restarting, failing over): polling carries on; try again soon.
        this.listening = undefined;
        void client.end().catch(() => {});
        this.listenAgainSoon();
      }
    })();
    return this.listening;
  }

  private listenAgainSoon(): void {
    if (this.closed || this.wakers.size === 0) return;
    clearTimeout(this.relistenTimer);
    this.relistenTimer = setTimeout(() => {
      this.relistenTimer = undefined;
      if (!this.closed) void this.listen();
    }, 1000).unref();
  }

  compareCheckpoints(a: Checkpoint, b: Checkpoint): number {
    return comparePairs(parseCheckpoint(a), parseCheckpoint(b));
  }

  /**
   * The newest committed event, whether or not readers may take it yet: waiting until a projection passes it
   * (read-your-writes) then covers everything committed so far, including commits that are still behind an
   * older running transaction.
   */
  async headCheckpoint(): Promise<Checkpoint> {
    const { rows } = await this.pool.query(
      `SELECT transaction_id::text AS xid, position FROM events ORDER BY transaction_id DESC, position DESC LIMIT 1`,
    );
    return rows[0] ? toCheckpoint(rows[0].xid, rows[0].position) : START;
  }

  /** The highest hash-chain link among these events of the company. */
  chainLinkOf(companyId: string, eventIds: readonly string[]): Promise<ChainHead | null> {
    return chainLinkOf(this.pool, companyId, eventIds);
  }

  /** Recomputes the company's hash chain from its first link and names the first broken one. */
  verifyChain(companyId: string): Promise<ChainVerification> {
    return verifyChain(this.pool, companyId);
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1 FROM events LIMIT 1');
  }

  async close(): Promise<void> {
    if (this.notifyTimer) {
      // A NOTIFY still owed to the last appends: send it now (a CLI that appends and exits must wake the API).
      clearTimeout(this.notifyTimer as NodeJS.Timeout);
      clearImmediate(this.notifyTimer as NodeJS.Immediate);
      this.notifyTimer = undefined;
      await this.pool.query(NOTIFY).catch(() => {});
    }
    this.closed = true;
    clearTimeout(this.relistenTimer);
    clearTimeout(this.horizonTimer);
    this.horizonTimer = undefined;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    await this.listener?.end().catch(() => {});
    if (this.ownsPool) await this.pool.end();
  }
}

function comparePairs(a: [bigint, bigint], b: [bigint, bigint]): number {
  if (a[0] !== b[0]) return a[0] < b[0] ? -1 : 1;
  if (a[1] !== b[1]) return a[1] < b[1] ? -1 : 1;
  return 0;
}
