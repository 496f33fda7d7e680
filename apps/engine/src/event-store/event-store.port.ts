/**
 * The event store port. Two adapters implement it: Postgres (the default) and KurrentDB.
 *
 * Global order: every stored event has a `checkpoint`, an opaque string that only the adapter that wrote it can
 * compare. Subscribers and projections resume "after" a checkpoint; '' (START) means from the beginning.
 * For Postgres the checkpoint is the (transaction id, position) pair, because positions become visible out of
 * commit order; for KurrentDB it is the (commit, prepare) position.
 */
export type ExpectedRevision = bigint | 'no_stream' | 'any';

export type Checkpoint = string;
export const START: Checkpoint = '';

export interface EventMetadata {
  companyId: string;
  userId?: string | null;
  correlationId?: string;
  causationId?: string;
  occurredAt: string; // ISO instant
  schemaVersion: number;
  [key: string]: unknown;
}

export interface NewEvent<T extends string = string, D = Record<string, unknown>> {
  id: string; // uuid; a retried append with the same ids appends nothing twice
  type: T;
  data: D;
  metadata: EventMetadata;
}

export interface StoredEvent<T extends string = string, D = Record<string, unknown>> {
  id: string;
  streamId: string;
  revision: bigint; // 0-based position inside its stream
  position: bigint; // global position (unique, increasing, may have gaps)
  checkpoint: Checkpoint; // resume token in global order
  type: T;
  data: D;
  metadata: EventMetadata;
  recordedAt: string; // ISO instant when the store committed it
}

export interface StreamAppend {
  stream: string;
  expected: ExpectedRevision;
  events: NewEvent[];
}

export interface AppendResult {
  /** Next expected revision per stream (the revision of its last event). */
  revisions: Record<string, bigint>;
  /** Checkpoint of the last event appended; wait for projections to pass it for read-your-writes. */
  checkpoint: Checkpoint;
  /** True when every event already existed (an idempotent retry): nothing was appended. */
  duplicate: boolean;
}

export interface Subscription {
  close(): Promise<void>;
}

export type SubscriptionHandler = (events: StoredEvent[]) => Promise<void>;

/**
 * A folded state of one stream at a revision, kept to shorten cold loads of long streams (`stamps-{companyId}`,
 * `invoice-numbers-{companyId}`). Never the source of truth: it can be deleted at any time and is rebuilt from
 * the events; a snapshot of another `version` (the state's shape) is ignored by readers and overwritten.
 */
export interface StreamSnapshot {
  stream: string;
  /** The revision of the last event folded into `state`. */
  revision: bigint;
  /** The version of the state's shape it was taken with. */
  version: number;
  /** JSON-safe state. */
  state: unknown;
}

/** One link of a company's event hash chain. */
export interface ChainHead {
  /** The link's number in the company's chain: 1, 2, 3 … */
  seq: string;
  /** SHA-256 of the previous link's hash and this event, hex. */
  hash: string;
}

/** What `verifyChain` found: the links checked, and the first one that does not hold. */
export interface ChainVerification {
  checked: number;
  head: ChainHead | null;
  broken: null | {
    seq: string;
    position: string;
    streamId: string;
    revision: string;
    eventId: string;
    reason: string;
  };
}

export interface EventStore {
  /** Atomic: all streams or none. Throws WrongExpectedRevisionError on a conflict. */
  appendToStreams(appends: StreamAppend[]): Promise<AppendResult>;
  readStream(stream: string, fromRevision?: bigint): AsyncIterable<StoredEvent>;
  /**
   * Optional: several streams from their revisions in one round trip, at most `limit` events of each (a stream
   * that gave `limit` may go on: read it with readStream). Streams without events are absent from the map.
   */
  readStreams?(
    requests: readonly { stream: string; fromRevision: bigint }[],
    limit: number,
  ): Promise<Map<string, StoredEvent[]>>;
  /** Events after `from` in global order, at most `limit`; only events whose order can no longer change. */
  readAll(from: Checkpoint, limit: number): Promise<StoredEvent[]>;
  /**
   * Catch-up from `from`, then live; the handler gets batches in global order, one at a time. `onError` is called
   * once when the subscription stops on an error (the handler failed, or the store could not go on reading); it
   * does not resume, the caller subscribes again. Without `onError` the error is logged.
   */
  subscribeAll(
    from: Checkpoint,
    handler: SubscriptionHandler,
    options?: { batchSize?: number; onError?: (error: unknown) => void },
  ): Subscription;
  /** The stream's latest snapshot (of any version), if one was kept. */
  readSnapshot(stream: string): Promise<StreamSnapshot | undefined>;
  /** Keeps a snapshot, replacing an older one of the stream (a newer revision, or the same one of another version). */
  writeSnapshot(snapshot: StreamSnapshot): Promise<void>;
  /** Orders two checkpoints of this store: negative, 0 or positive. */
  compareCheckpoints(a: Checkpoint, b: Checkpoint): number;
  /** Checkpoint of the newest committed event (START when empty); subscribers reach it once it is settled. */
  headCheckpoint(): Promise<Checkpoint>;
  /**
   * Optional (the Postgres store keeps a chain; KurrentDB does not): the highest link of the company's hash chain
   * among these events — the chain head a document made from them reached.
   */
  chainLinkOf?(companyId: string, eventIds: readonly string[]): Promise<ChainHead | null>;
  /** Optional, as chainLinkOf: walks the company's chain from its first link and names the first broken one. */
  verifyChain?(companyId: string): Promise<ChainVerification>;
  /** Health probe. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const EVENT_STORE = Symbol('EVENT_STORE');

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Stream ${stream}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}
