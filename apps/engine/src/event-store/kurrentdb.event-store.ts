import { randomUUID } from 'node:crypto';
import {
  ANY,
  BACKWARDS,
  END,
  NO_STREAM,
  START as FROM_START,
  KurrentDBClient,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendStreamState,
  type JSONEventData,
  type Position,
  type ReadPosition,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import {
  START,
  WrongExpectedRevisionError,
  type AppendResult,
  type Checkpoint,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type StoredEvent,
  type StreamAppend,
  type StreamSnapshot,
  type Subscription,
  type SubscriptionHandler,
} from './event-store.port.js';
import { upcastStored } from './upcasting.js';

/**
 * The EventStore port over KurrentDB / EventStoreDB (EVENTSTORE_URL=esdb://… or kurrentdb://…).
 *
 * - Checkpoints are `${commit}:${prepare}` of the $all position; events this store writes have commit = prepare.
 * - Event ids are the KurrentDB event ids, so the server recognises a retried append.
 * - System events ($-prefixed types) never reach readers or subscribers.
 * - Several streams are appended atomically with multiStreamAppend (KurrentDB 25.1+); one stream with
 *   appendToStream (any version).
 */
export interface KurrentDBEventStoreOptions {
  /** Delay before a dropped subscription reconnects (ms); default 1000. */
  reconnectDelayMs?: number;
}

export interface SubscribeOptions {
  batchSize?: number;
  /** Called once when the handler fails; the subscription then stops (as the Postgres store does). */
  onError?: (error: unknown) => void;
}

/**
 * Snapshots live in a stream of their own, `stampline-snapshot-{stream}`, kept to its last event ($maxCount 1),
 * as events of a $-type: excludeSystemEvents keeps them out of $all reads and subscriptions (projections never
 * see them), and readStream drops $-types too.
 */
const SNAPSHOT_TYPE = '$stampline-snapshot';
export const snapshotStream = (stream: string) => `stampline-snapshot-${stream}`;

/** multiStreamAppend takes string-valued metadata only; this property lists the values stored as JSON text. */
const JSON_VALUED_KEYS = 'jsonValuedKeys';

export class KurrentDBEventStore implements EventStore {
  private readonly client: KurrentDBClient;

  static connect(url: string, options: KurrentDBEventStoreOptions = {}): KurrentDBEventStore {
    return new KurrentDBEventStore(url, options);
  }

  /** The client connects on first use. */
  constructor(
    url: string,
    private readonly options: KurrentDBEventStoreOptions = {},
  ) {
    this.client = KurrentDBClient.connectionString(url);
  }

  async appendToStreams(appends: StreamAppend[]): Promise<AppendResult> {
    const nonEmpty = appends.filter((a) => a.events.length > 0);
    if (nonEmpty.length === 0) throw new Error('appendToStreams needs at least one event');
    const replayed = await this.alreadyAppended(nonEmpty);
    if (replayed) return replayed;
    try {
      return nonEmpty.length === 1 ? await this.appendOne(nonEmpty[0]!) : await this.appendMany(nonEmpty);
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      // A racing identical retry may have committed between our check and our append.
      const raced = await this.alreadyAppended(nonEmpty);
      if (raced) return raced;
      const conflicting = nonEmpty.find((a) => a.stream === error.streamName) ?? nonEmpty[0]!;
      throw new WrongExpectedRevisionError(conflicting.stream, conflicting.expected, error.actualState);
    }
  }

  private async appendOne(append: StreamAppend): Promise<AppendResult> {
    const result = await this.client.appendToStream(
      append.stream,
      append.events.map((e) => toEventData(e)),
      {
        streamState: toStreamState(append.expected),
      },
    );
    // Only when the connection string sets throwOnAppendFailure=false.
    if (!result.success) {
      throw new WrongExpectedVersionError(undefined, {
        streamName: append.stream,
        expected: toStreamState(append.expected),
        current: result.nextExpectedRevision < 0n ? 'no_stream' : result.nextExpectedRevision,
      });
    }
    // The reply's commit is the last event's log position, and $all reports each event at (log position,
    // log position); its prepare is the first event's.
    return {
      revisions: { [append.stream]: result.nextExpectedRevision },
      checkpoint: result.position ? toCheckpoint(result.position.commit, result.position.commit) : START,
      duplicate: false,
    };
  }

  private async appendMany(appends: StreamAppend[]): Promise<AppendResult> {
    const result = await this.client.multiStreamAppend(
      appends.map((a) => ({
        streamName: a.stream,
        expectedState: toStreamState(a.expected),
        events: a.events.map((e) => toEventData(e, { stringValuedMetadata: true })),
      })),
    );
    const revisions = Object.fromEntries(result.responses.map((r) => [r.streamName, r.revision]));
    return { revisions, checkpoint: toCheckpoint(result.position, result.position), duplicate: false };
  }

  /**
   * The result of the earlier identical append when every stream with a definite expected revision already
   * holds these event ids right after that revision; undefined otherwise. The server answers such a retry with
   * the same success as the original, so only looking first tells `duplicate` apart (one read per stream).
   * Streams appended with 'any' cannot be told apart this way; the server's own check covers them.
   */
  private async alreadyAppended(appends: StreamAppend[]): Promise<AppendResult | undefined> {
    const definite = appends.filter((a) => a.expected !== 'any');
    if (definite.length === 0) return undefined;
    const found = await Promise.all(definite.map((a) => this.eventsAfterExpected(a)));
    if (!found.every((events, i) => sameIds(events, definite[i]!.events))) return undefined;
    const lastEvents = await Promise.all(
      appends.map(async (a) => {
        const index = definite.indexOf(a);
        return index >= 0 ? found[index]!.at(-1) : this.lastEvent(a.stream);
      }),
    );
    const revisions: Record<string, bigint> = {};
    let checkpoint = START;
    appends.forEach((a, i) => {
      const last = lastEvents[i];
      if (!last) return;
      revisions[a.stream] = last.revision;
      if (this.compareCheckpoints(last.checkpoint, checkpoint) > 0) checkpoint = last.checkpoint;
    });
    return { revisions, checkpoint, duplicate: true };
  }

  private async eventsAfterExpected(append: StreamAppend): Promise<StoredEvent[]> {
    const first = append.expected === 'no_stream' ? 0n : (append.expected as bigint) + 1n;
    return this.readEvents(append.stream, { fromRevision: first, maxCount: append.events.length });
  }

  private async lastEvent(stream: string): Promise<StoredEvent | undefined> {
    const [last] = await this.readEvents(stream, { fromRevision: END, direction: BACKWARDS, maxCount: 1 });
    return last;
  }

  private async readEvents(
    stream: string,
    options: Parameters<KurrentDBClient['readStream']>[1],
  ): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(stream, options)) {
        const event = toStoredEvent(resolved);
        if (event) events.push(event);
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return events;
  }

  async *readStream(stream: string, fromRevision = 0n): AsyncIterable<StoredEvent> {
    try {
      for await (const resolved of this.client.readStream(stream, { fromRevision })) {
        const event = toStoredEvent(resolved);
        if (event) yield event;
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
  }

  async readSnapshot(stream: string): Promise<StreamSnapshot | undefined> {
    try {
      const newest = this.client.readStream(snapshotStream(stream), {
        fromRevision: END,
        direction: BACKWARDS,
        maxCount: 1,
      });
      for await (const resolved of newest) return fromSnapshotEvent(stream, resolved);
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return undefined;
  }

  async writeSnapshot(snapshot: StreamSnapshot): Promise<void> {
    const kept = await this.readSnapshot(snapshot.stream);
    if (kept && kept.version === snapshot.version && kept.revision >= snapshot.revision) return;
    const name = snapshotStream(snapshot.stream);
    const result = await this.client.appendToStream(
      name,
      [
        {
          id: randomUUID(),
          contentType: 'application/json',
          type: SNAPSHOT_TYPE,
          data: {
            revision: snapshot.revision.toString(),
            version: snapshot.version,
            state: snapshot.state as JSONEventData['data'],
          },
          metadata: undefined,
        },
      ],
      { streamState: ANY },
    );
    // The first snapshot of a stream sets its $maxCount: older snapshots are scavenged, not kept.
    if (result.nextExpectedRevision === 0n) await this.client.setStreamMetadata(name, { maxCount: 1 });
  }

  async readAll(from: Checkpoint, limit: number): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    if (limit <= 0) return events;
    // The read starts at `from` itself (inclusive), so one more is asked for and the event at `from` dropped.
    const reading = this.client.readAll({
      fromPosition: toReadPosition(from),
      maxCount: limit + 1,
      filter: excludeSystemEvents(),
    });
    for await (const resolved of reading) {
      const event = toStoredEvent(resolved);
      if (!event || this.compareCheckpoints(event.checkpoint, from) <= 0) continue;
      events.push(event);
      if (events.length === limit) break;
    }
    return events;
  }

  subscribeAll(from: Checkpoint, handler: SubscriptionHandler, options: SubscribeOptions = {}): Subscription {
    return new KurrentDBSubscription(this, from, handler, {
      batchSize: options.batchSize ?? 500,
      reconnectDelayMs: this.options.reconnectDelayMs ?? 1000,
      onError: options.onError ?? ((error) => console.error('event store subscription stopped', error)),
    });
  }

  /** For KurrentDBSubscription: a live $all subscription without system events, after `from`. */
  openSubscription(from: Checkpoint): AllStreamSubscription {
    return this.client.subscribeToAll({ fromPosition: toReadPosition(from), filter: excludeSystemEvents() });
  }

  compareCheckpoints(a: Checkpoint, b: Checkpoint): number {
    const [x, y] = [parseCheckpoint(a), parseCheckpoint(b)];
    if (!x || !y) return x ? 1 : y ? -1 : 0;
    if (x.commit !== y.commit) return x.commit < y.commit ? -1 : 1;
    if (x.prepare !== y.prepare) return x.prepare < y.prepare ? -1 : 1;
    return 0;
  }

  async headCheckpoint(): Promise<Checkpoint> {
    const newest = this.client.readAll({
      fromPosition: END,
      direction: BACKWARDS,
      maxCount: 1,
      filter: excludeSystemEvents(),
    });
    for await (const resolved of newest) {
      const event = toStoredEvent(resolved);
      if (event) return event.checkpoint;
    }
    return START;
  }

  async ping(): Promise<void> {
    for await (const _ of this.client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 1 }))
      break;
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }
}

interface SubscriptionSettings {
  batchSize: number;
  reconnectDelayMs: number;
  onError: (error: unknown) => void;
}

class HandlerFailed {
  constructor(readonly error: unknown) {}
}

/**
 * Catch-up then live over subscribeToAll. Events reach the handler in batches, one batch at a time: a batch ends
 * at `batchSize` or when no further event is already buffered. A dropped connection resubscribes after the
 * last handled checkpoint; a failing handler stops the subscription.
 */
class KurrentDBSubscription implements Subscription {
  private running = true;
  private current: AllStreamSubscription | undefined;
  private wake: (() => void) | undefined;
  private readonly done: Promise<void>;

  constructor(
    private readonly store: KurrentDBEventStore,
    private checkpoint: Checkpoint,
    private readonly handler: SubscriptionHandler,
    private readonly settings: SubscriptionSettings,
  ) {
    this.done = this.run();
  }

  async close(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.stopCurrent();
    await this.done;
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        await this.pump(this.store.openSubscription(this.checkpoint));
      } catch (error) {
        if (!this.running) return;
        if (error instanceof HandlerFailed) {
          this.running = false;
          this.settings.onError(error.error);
          return;
        }
        console.warn(
          `event store subscription dropped, resubscribing after ${this.checkpoint || 'the start'}`,
          error,
        );
      } finally {
        await this.stopCurrent();
      }
      await this.sleep(this.settings.reconnectDelayMs);
    }
  }

  private async pump(subscription: AllStreamSubscription): Promise<void> {
    this.current = subscription;
    // Errors also end the iteration below; this listener keeps a late one (after we stopped reading) from
    // becoming an uncaught 'error' event.
    subscription.on('error', () => {});
    let batch: StoredEvent[] = [];
    for await (const resolved of subscription) {
      if (!this.running) return;
      const event = toStoredEvent(resolved as AllStreamResolvedEvent);
      if (event && this.store.compareCheckpoints(event.checkpoint, this.checkpoint) > 0) batch.push(event);
      if (
        batch.length >= this.settings.batchSize ||
        (batch.length > 0 && subscription.readableLength === 0)
      ) {
        await this.deliver(batch);
        batch = [];
      }
    }
  }

  private async deliver(batch: StoredEvent[]): Promise<void> {
    try {
      await this.handler(batch);
    } catch (error) {
      throw new HandlerFailed(error);
    }
    this.checkpoint = batch[batch.length - 1]!.checkpoint;
  }

  private async stopCurrent(): Promise<void> {
    const current = this.current;
    this.current = undefined;
    if (!current) return;
    await current.unsubscribe().catch(() => {});
    current.destroy();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (!this.running) return resolve();
      const timer = setTimeout(() => this.wake?.(), ms);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
    });
  }
}

function toStreamState(expected: ExpectedRevision): AppendStreamState {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'any') return ANY;
  return expected;
}

function toEventData(event: NewEvent, { stringValuedMetadata = false } = {}): JSONEventData {
  return {
    id: event.id,
    contentType: 'application/json',
    type: event.type,
    data: event.data,
    metadata: stringValuedMetadata ? encodeMetadata(event.metadata) : event.metadata,
  };
}

/** Strings stay as they are; other values become JSON text, and their keys are listed for decodeMetadata. */
export function encodeMetadata(metadata: EventMetadata): Record<string, string> {
  const encoded: Record<string, string> = {};
  const jsonKeys: string[] = [];
  for (const [key, value] of Object.entries(metadata)) {
    if (value === undefined) continue;
    if (typeof value === 'string') encoded[key] = value;
    else {
      encoded[key] = JSON.stringify(value);
      jsonKeys.push(key);
    }
  }
  if (jsonKeys.length > 0) encoded[JSON_VALUED_KEYS] = JSON.stringify(jsonKeys);
  return encoded;
}

export function decodeMetadata(raw: unknown): EventMetadata {
  const source =
    typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const jsonKeys =
    typeof source[JSON_VALUED_KEYS] === 'string' ? (JSON.parse(source[JSON_VALUED_KEYS]) as string[]) : [];
  const metadata: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    // '$…' properties are the server's own (schema information on records appended through multiStreamAppend).
    if (key === JSON_VALUED_KEYS || key.startsWith('$')) continue;
    metadata[key] = jsonKeys.includes(key) && typeof value === 'string' ? JSON.parse(value) : value;
  }
  return metadata as EventMetadata;
}

function toStoredEvent(resolved: ResolvedEvent | AllStreamResolvedEvent): StoredEvent | undefined {
  const recorded = resolved.event;
  if (!recorded || recorded.type.startsWith('$') || recorded.streamId.startsWith('$')) return undefined;
  const position = recorded.position;
  return upcastStored({
    id: recorded.id,
    streamId: recorded.streamId,
    revision: recorded.revision,
    position: position?.commit ?? -1n,
    checkpoint: position ? toCheckpoint(position.commit, position.prepare) : START,
    type: recorded.type,
    data: recorded.isJson && isRecord(recorded.data) ? recorded.data : {},
    metadata: decodeMetadata(recorded.metadata),
    recordedAt: recorded.created.toISOString(),
  });
}

function fromSnapshotEvent(stream: string, resolved: ResolvedEvent): StreamSnapshot | undefined {
  const recorded = resolved.event;
  if (!recorded || recorded.type !== SNAPSHOT_TYPE || !recorded.isJson || !isRecord(recorded.data))
    return undefined;
  const { revision, version, state } = recorded.data;
  if (typeof revision !== 'string' || !/^\d+$/.test(revision) || typeof version !== 'number')
    return undefined;
  return { stream, revision: BigInt(revision), version, state };
}

function sameIds(found: readonly StoredEvent[], events: readonly NewEvent[]): boolean {
  return found.length === events.length && found.every((e, i) => e.id === events[i]!.id);
}

export function toCheckpoint(commit: bigint, prepare: bigint): Checkpoint {
  return `${commit}:${prepare}`;
}

export function parseCheckpoint(checkpoint: Checkpoint): Position | undefined {
  if (checkpoint === START) return undefined;
  const match = /^(\d+):(\d+)$/.exec(checkpoint);
  if (!match) throw new Error(`Not a KurrentDB checkpoint: ${checkpoint}`);
  return { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
}

function toReadPosition(checkpoint: Checkpoint): ReadPosition {
  return parseCheckpoint(checkpoint) ?? FROM_START;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
