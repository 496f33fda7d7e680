import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { AnyCommand, AnyEvent, Decider } from '#domain/shared/decider.js';
import { eventUpcasting } from '#domain/event-schema.js';
import { PROJECTION_RUNNER, type ReadYourWrites } from '#infra/projections.provider.js';
import {
  EVENT_STORE,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type StoredEvent,
  type StreamSnapshot,
} from './event-store.port.js';
import type {
  Actor,
  Decision,
  DecideFn,
  DecisionOf,
  Decisions,
  Evolver,
  StreamDecision,
  WaitOptions,
} from './decision.js';
import { streamDecision } from './decision.js';
import { StreamLocks } from './stream-locks.js';

export { declareDecision, streamDecision } from './decision.js';
export type { Actor, Decision, Evolver, StreamDecision, WaitOptions } from './decision.js';

/** A decision of a batch: its streams, its decide, its actor, and how to answer its caller. */
interface BatchRequest {
  streams: Record<string, StreamDecision<unknown, AnyEvent>>;
  names: string[];
  decide: (states: Record<string, unknown>) => Record<string, AnyEvent[] | undefined>;
  actor: Actor;
  settle: { resolve(decided: Decided): void; reject(error: unknown): void };
}

interface Decided {
  events: Record<string, AnyEvent[]>;
  result?: AppendResult;
}

function batchRequest(
  streams: Decisions,
  decide: (states: any) => Record<string, AnyEvent[] | undefined>,
  actor: Actor,
  settle: BatchRequest['settle'],
): BatchRequest {
  const names = Object.values(streams).map((entry) => entry.stream);
  if (new Set(names).size !== names.length)
    throw new Error(`decideMany: a stream is named twice: ${names.join(', ')}`);
  return { streams, names, decide, actor, settle };
}

/** Most decisions of a group appended together (bounds one append's size). */
const GROUP_MOST = 32;

/** Attempts of one decision when other writers keep changing its streams (another API process). */
const MAX_ATTEMPTS = 10;
/** Streams whose folded state is kept (least recently used first out). */
const DEFAULT_CACHE_STREAMS = 256;

/** Events folded past a stream's last snapshot before a new one is written (streams with a snapshot policy). */
const DEFAULT_SNAPSHOT_EVERY = 100;

interface CachedState {
  evolve: unknown;
  state: unknown;
  revision: StreamRevision;
  /** The revision of the stream's newest snapshot known here (-1: none). */
  snapshotAt: bigint;
}

/** A stream's revision as read: its last event's, or no_stream. */
type StreamRevision = bigint | 'no_stream';

/** A fold in progress: where it started (cache, snapshot) and what it has read. */
interface Fold {
  hit: boolean;
  state: unknown;
  revision: StreamRevision;
  snapshotAt: bigint;
  snapshotRevision: bigint | null;
  eventsRead: number;
}

/** A stream's state as `loadMany` answers it. */
export interface Loaded {
  state: unknown;
  revision: StreamRevision;
  /** The revision of the stream's newest snapshot known here (-1: none). */
  snapshotAt: bigint;
  /** Answered from the cache without reading the stream (`trustCache`). */
  trusted: boolean;
}

/** Events per stream read in one round trip by `loadMany` before a stream is paged on its own. */
const STREAMS_PAGE = 1000;

const nextRevision = (revision: ExpectedRevision): bigint =>
  typeof revision === 'bigint' ? revision + 1n : 0n;

/** What one load read: for benches and tests (events read by a cold load). */
export interface LoadStats {
  stream: string;
  cached: boolean;
  snapshotRevision: bigint | null;
  eventsRead: number;
}

/**
 * The one place that runs read → fold → decide → append, and appends facts.
 *
 * - On a revision conflict it reloads and decides again (bounded, with a short random pause), so users never
 *   see a conflict a retry resolves.
 * - Decisions on the same stream run one at a time in this process (a queue per stream), so concurrent requests
 *   of one company do not waste attempts on each other; other processes are handled by the retries.
 * - Folded states are cached by stream and revision (LRU), with what this process appended folded in: a long
 *   stream such as `stamps-{companyId}` is read only from the cached revision on. A decision uses a cached state
 *   without reading its stream when its append will check the revision (optimistic: another process's append
 *   makes it conflict, and it is decided again from the store); a stream that gets no events is read before the
 *   append. `load` always reads the newer events. Streams that need reading are read in one round trip.
 * - A stream whose decider has a snapshot policy (`stamps-{companyId}`, `invoice-numbers-{companyId}`) is
 *   cold-loaded from its snapshot in the store plus the events after it, and a new snapshot is written (in the
 *   background) once a load has folded `snapshotEvery` events past the last one: a cold load reads at most
 *   about that many events, whatever the stream's length. A snapshot of another state version is ignored.
 * - After appending it waits (bounded) until the projections have applied the events: read-your-writes. A command
 *   names the projections its response and next page read (`waitFor`, apps/api/src/read-your-writes.ts); without
 *   them it waits for every projection.
 */

@Injectable()
export class EventAppender {
  /** Streams whose state is cached; 0 turns the cache off. */
  cacheStreams = DEFAULT_CACHE_STREAMS;
  /** Events folded past the last snapshot before the next one is written. */
  snapshotEvery = DEFAULT_SNAPSHOT_EVERY;
  /** The last load's figures (benches, tests). */
  lastLoad: LoadStats | undefined;
  /** Events read from the store by every load so far (benches: the events a cold creation reads). */
  eventsRead = 0;
  private readonly cache = new Map<string, CachedState>();
  private readonly snapshotWrites = new Set<Promise<void>>();
  /** Decisions on the same streams in this process take turns. */
  private readonly locks = new StreamLocks();
  /** Decisions waiting per group (`decideManyTogether`) while the group's batch before them is decided. */
  private readonly groups = new Map<string, BatchRequest[]>();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTION_RUNNER) private readonly projections: ReadYourWrites,
  ) {}

  async decide<S, C extends AnyCommand, E extends AnyEvent>(
    decider: Decider<S, C, E>,
    stream: string,
    command: C,
    options: WaitOptions = {},
  ): Promise<{ events: E[]; result?: AppendResult }> {
    const { events, result } = await this.decideMany(
      { only: streamDecision<S, E>(stream, decider) },
      ({ only }) => ({ only: decider.decide(command, only) }),
      command.metadata,
      options,
    );
    return { events: events.only, ...(result ? { result } : {}) };
  }

  /**
   * One decision over the states of several streams (an invoice, its number, its stamps): `decide` answers the
   * events for each stream, and they are appended atomically, each stream at the revision its state was read at.
   * A stream that gets no events is not checked. Retried on a conflict like `decide`.
   */
  async decideMany<T extends Decisions>(
    streams: T,
    decide: DecideFn<T>,
    actor: Actor,
    options: WaitOptions = {},
  ): Promise<DecisionOf<T>> {
    return this.decision(streams, decide, actor, options, (request) => {
      void this.locks.run(request.names, () => this.decideBatch([request]));
    });
  }

  /**
   * `decideMany`, grouped: decisions of one `group` (e.g. the invoice creations of a company) that arrive while an
   * earlier one of the group is being appended wait for it and are then decided one after another, each on the
   * states the ones before it left, and appended together — one append, one commit and one WAL flush for the lot
   * (group commit). Each decision keeps its own events, metadata (actor) and outcome: one whose `decide` throws
   * fails alone and leaves the states as they were for the next. A decision arriving when none of its group is
   * under way goes at once, alone.
   */
  async decideManyTogether<T extends Decisions>(
    group: string,
    streams: T,
    decide: DecideFn<T>,
    actor: Actor,
    options: WaitOptions = {},
  ): Promise<DecisionOf<T>> {
    return this.decision(streams, decide, actor, options, (request) => {
      const waiting = this.groups.get(group);
      if (waiting) waiting.push(request);
      else {
        const queue = [request];
        this.groups.set(group, queue);
        void this.drain(group, queue);
      }
    });
  }

  /** Carries out a declared decision: read its streams, decide, append atomically, wait for its read models. */
  run<T extends Decisions>(
    decision: Decision<T>,
    actor: Actor,
    options: Pick<WaitOptions, 'waitForProjections'> = {},
  ): Promise<DecisionOf<T>> {
    const wait: WaitOptions = { ...(decision.waitFor ? { waitFor: decision.waitFor } : {}), ...options };
    return decision.together
      ? this.decideManyTogether(decision.together, decision.streams, decision.decide, actor, wait)
      : this.decideMany(decision.streams, decision.decide, actor, wait);
  }

  /** A decision handed to `start` (which has it decided and settled), then read-your-writes. */
  private async decision<T extends Decisions>(
    streams: T,
    decide: DecideFn<T>,
    actor: Actor,
    options: WaitOptions,
    start: (request: BatchRequest) => void,
  ): Promise<DecisionOf<T>> {
    const { events, result } = await new Promise<Decided>((resolve, reject) =>
      start(batchRequest(streams, decide, actor, { resolve, reject })),
    );
    if (result && options.waitForProjections !== false)
      await this.projections.waitFor(result.checkpoint, undefined, options.waitFor);
    return { events, ...(result ? { result } : {}) } as DecisionOf<T>;
  }

  /** Decides the group's waiting decisions, at most GROUP_MOST at a time, until none waits. */
  private async drain(group: string, queue: BatchRequest[]): Promise<void> {
    try {
      while (queue.length > 0) {
        const batch = queue.splice(0, GROUP_MOST);
        const names = [...new Set(batch.flatMap((request) => request.names))];
        await this.locks.run(names, () => this.decideBatch(batch));
      }
    } finally {
      // (no await between the last look at the queue and this: a decision arriving now starts a new drain)
      this.groups.delete(group);
    }
  }

  /**
   * Read → fold → decide → append for a batch of decisions (one, or a group's), inside `locks.run` on all their
   * streams. Every stream is loaded once; the decisions run in order, each on the states the ones before it left
   * (their events folded in as the store would give them back); then one atomic append, each stream at the
   * revision it was read at. On a revision conflict the batch is read and decided again (bounded). Settles every
   * request; never throws.
   */
  private async decideBatch(requests: BatchRequest[]): Promise<void> {
    const entries: StreamDecision<unknown, AnyEvent>[] = [];
    const indexOf = new Map<string, number>();
    for (const request of requests)
      for (const entry of Object.values(request.streams))
        if (!indexOf.has(entry.stream)) {
          indexOf.set(entry.stream, entries.length);
          entries.push(entry);
        }
    let open = requests;
    try {
      for (let attempt = 1; ; attempt++) {
        // First attempt: a state cached here is used without reading its stream; the append's expected revision
        // checks it (another process may have appended), and a conflict retries with every stream read.
        const loaded = await this.loadMany(entries, { trustCache: attempt === 1 });
        const states = loaded.map((one) => one.state);
        const appending: { event: AnyEvent; actor: Actor }[][] = entries.map(() => []);
        const decided: { request: BatchRequest; events: Record<string, AnyEvent[]> }[] = [];
        for (const request of open) {
          const keys = Object.keys(request.streams);
          const at = keys.map((key) => indexOf.get(request.streams[key]!.stream)!);
          let answer: Record<string, AnyEvent[] | undefined>;
          try {
            answer = request.decide(Object.fromEntries(keys.map((key, k) => [key, states[at[k]!]])));
          } catch (error) {
            request.settle.reject(error);
            continue;
          }
          const events = Object.fromEntries(keys.map((key) => [key, answer[key] ?? []]));
          keys.forEach((key, k) => {
            const i = at[k]!;
            if (events[key]!.length === 0) return;
            // folded as a read from the store gives them back (through JSON), for the next decision and the cache
            for (const event of JSON.parse(JSON.stringify(events[key])) as AnyEvent[])
              states[i] = entries[i]!.decider.evolve(states[i], event);
            for (const event of events[key]!) appending[i]!.push({ event, actor: request.actor });
          });
          decided.push({ request, events });
        }
        open = decided.map(({ request }) => request);
        // A state used unread whose stream gets no events is not checked by the append: read it now, and decide
        // again (reading everything) if its stream moved meanwhile.
        const unchecked = entries.flatMap((_, i) =>
          loaded[i]!.trusted && appending[i]!.length === 0 ? [i] : [],
        );
        if (unchecked.length > 0) {
          const fresh = await this.loadMany(unchecked.map((i) => entries[i]!));
          if (fresh.some((state, j) => state.revision !== loaded[unchecked[j]!]!.revision)) continue;
        }
        const appends = entries
          .map((entry, i) => ({
            stream: entry.stream,
            expected: loaded[i]!.revision,
            events: appending[i]!,
            index: i,
          }))
          .filter((append) => append.events.length > 0);
        if (appends.length === 0) {
          for (const { request, events } of decided) request.settle.resolve({ events });
          return;
        }
        try {
          const appended = await this.appendNow(appends);
          for (const append of appends)
            this.rememberAppended(
              entries[append.index]!,
              loaded[append.index]!,
              states[append.index],
              appended,
            );
          for (const { request, events } of decided) request.settle.resolve({ events, result: appended });
          return;
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError)) throw error;
          for (const append of appends) this.cache.delete(append.stream);
          if (attempt >= MAX_ATTEMPTS) throw error;
          await pause(attempt);
        }
      }
    } catch (error) {
      for (const request of open) request.settle.reject(error);
    }
  }

  /** Appends events (atomically across streams) with the envelope's metadata; optionally waits for projections. */
  async append(
    appends: { stream: string; expected: ExpectedRevision; events: AnyEvent[] }[],
    actor: Actor,
    options: WaitOptions = {},
  ): Promise<AppendResult> {
    const result = await this.appendNow(
      appends.map(({ stream, expected, events }) => ({
        stream,
        expected,
        events: events.map((event) => ({ event, actor })),
      })),
    );
    if (options.waitForProjections !== false)
      await this.projections.waitFor(result.checkpoint, undefined, options.waitFor);
    return result;
  }

  /** Read-your-writes for appends made with `waitForProjections: false` (e.g. inside a database transaction). */
  waitForProjections(
    checkpoint: AppendResult['checkpoint'],
    projections?: readonly string[],
  ): Promise<boolean> {
    return this.projections.waitFor(checkpoint, undefined, projections);
  }

  /**
   * Read-your-writes for a write made by an earlier attempt whose answer was lost (a retried command finding its
   * events stored, perhaps by a process or a database server that is gone): waits until the projections have
   * applied everything committed so far, which includes it.
   */
  async waitForCommitted(projections?: readonly string[]): Promise<boolean> {
    return this.projections.waitFor(await this.store.headCheckpoint(), undefined, projections);
  }

  /** Facts with no aggregate (activity): appended to their stream whatever its revision. */
  record(stream: string, events: AnyEvent[], actor: Actor, options: WaitOptions = {}) {
    return this.append([{ stream, expected: 'any', events }], actor, {
      waitForProjections: false,
      ...options,
    });
  }

  /** A stream's state now: the cached fold (or the stored snapshot) plus every newer event in the store. */
  async load<S, E extends AnyEvent>(
    stream: string,
    decider: Evolver<S, E>,
  ): Promise<{ state: S; revision: ExpectedRevision }> {
    const [loaded] = await this.loadMany([
      { stream, decider: decider as unknown as Evolver<unknown, AnyEvent> },
    ]);
    return { state: loaded!.state as S, revision: loaded!.revision };
  }

  /**
   * Several streams' states now, like `load`, with the streams that need reading read in one round trip where the
   * store can (`readStreams`). `trustCache`: a cached state is answered without reading its stream (`trusted`);
   * only for decisions whose append checks the revision.
   */
  async loadMany(
    entries: readonly StreamDecision<unknown, AnyEvent>[],
    { trustCache = false }: { trustCache?: boolean } = {},
  ): Promise<Loaded[]> {
    const folds = await Promise.all(entries.map(({ stream, decider }) => this.startFold(stream, decider)));
    const toRead = folds.flatMap((fold, i) => (trustCache && fold.hit ? [] : [i]));
    if (toRead.length > 1 && this.store.readStreams) {
      const read = await this.store.readStreams(
        toRead.map((i) => ({ stream: entries[i]!.stream, fromRevision: nextRevision(folds[i]!.revision) })),
        STREAMS_PAGE,
      );
      await Promise.all(
        toRead.map(async (i) => {
          const events = read.get(entries[i]!.stream) ?? [];
          for (const stored of events) this.foldEvent(folds[i]!, entries[i]!.decider, stored);
          // a full page: the stream may go on
          if (events.length === STREAMS_PAGE) await this.foldRest(folds[i]!, entries[i]!);
        }),
      );
    } else await Promise.all(toRead.map((i) => this.foldRest(folds[i]!, entries[i]!)));
    return entries.map(({ stream, decider }, i) => {
      const fold = folds[i]!;
      this.lastLoad = {
        stream,
        cached: fold.hit,
        snapshotRevision: fold.snapshotRevision,
        eventsRead: fold.eventsRead,
      };
      this.eventsRead += fold.eventsRead;
      if (
        typeof fold.revision === 'bigint' &&
        decider.snapshot &&
        fold.revision - fold.snapshotAt >= this.snapshotEvery
      ) {
        this.writeSnapshot({
          stream,
          revision: fold.revision,
          version: decider.snapshot.version,
          state: fold.state,
        });
        fold.snapshotAt = fold.revision;
      }
      this.remember(stream, decider, fold);
      return {
        state: fold.state,
        revision: fold.revision,
        snapshotAt: fold.snapshotAt,
        trusted: trustCache && fold.hit,
      };
    });
  }

  /** Where a fold starts: the cached state, else the stored snapshot (of the decider's version), else nothing. */
  private async startFold(stream: string, decider: Evolver<unknown, AnyEvent>): Promise<Fold> {
    const cached = this.cache.get(stream);
    const hit = cached !== undefined && cached.evolve === decider.evolve;
    const fold: Fold = {
      hit,
      state: hit ? cached.state : decider.initialState(),
      revision: hit ? cached.revision : 'no_stream',
      snapshotAt: hit ? cached.snapshotAt : -1n,
      snapshotRevision: null,
      eventsRead: 0,
    };
    if (!hit && decider.snapshot) {
      const snapshot = await this.store.readSnapshot(stream);
      if (snapshot) fold.snapshotAt = snapshot.revision; // of another version: rewritten, whatever its revision
      if (snapshot && snapshot.version === decider.snapshot.version) {
        fold.state = snapshot.state;
        fold.revision = snapshot.revision;
        fold.snapshotRevision = snapshot.revision;
      } else if (snapshot) fold.snapshotAt = -1n - BigInt(this.snapshotEvery);
    }
    return fold;
  }

  private foldEvent(fold: Fold, decider: Evolver<unknown, AnyEvent>, stored: StoredEvent): void {
    fold.state = decider.evolve(fold.state, stored as unknown as AnyEvent);
    fold.revision = stored.revision;
    fold.eventsRead++;
  }

  /** Folds every event of the stream after the fold's revision. */
  private async foldRest(fold: Fold, { stream, decider }: StreamDecision<unknown, AnyEvent>): Promise<void> {
    for await (const stored of this.store.readStream(stream, nextRevision(fold.revision)))
      this.foldEvent(fold, decider, stored);
  }

  /** Keeps a fold in the cache (most recently used last), dropping the least recently used beyond the limit. */
  private remember(
    stream: string,
    decider: Evolver<unknown, AnyEvent>,
    fold: Pick<Fold, 'state' | 'revision' | 'snapshotAt'>,
  ): void {
    // A stream with no events is kept too: a decision appending to it expects no_stream, which the store checks.
    if (this.cacheStreams <= 0) return;
    this.cache.delete(stream); // re-inserted last: most recently used
    this.cache.set(stream, {
      evolve: decider.evolve,
      state: fold.state,
      revision: fold.revision,
      snapshotAt: fold.snapshotAt,
    });
    while (this.cache.size > this.cacheStreams) this.cache.delete(this.cache.keys().next().value!);
  }

  /**
   * After an append: the stream's state with the appended events folded in (by the decision, as the store gives
   * them back), at the revision the store gave them, so the next decision on it need not read it. A duplicate append
   * (a retry of one that ran before) leaves the stream to be read again.
   */
  private rememberAppended(
    { stream, decider }: StreamDecision<unknown, AnyEvent>,
    before: Loaded,
    state: unknown,
    appended: AppendResult,
  ): void {
    const revision = appended.revisions[stream];
    if (appended.duplicate || revision === undefined) {
      this.cache.delete(stream);
      return;
    }
    let snapshotAt = before.snapshotAt;
    if (decider.snapshot && revision - snapshotAt >= this.snapshotEvery) {
      this.writeSnapshot({ stream, revision, version: decider.snapshot.version, state });
      snapshotAt = revision;
    }
    this.remember(stream, decider, { state, revision, snapshotAt });
  }

  /** Resolves once every snapshot write started so far has finished (tests, benches, shutdown). */
  async snapshotsWritten(): Promise<void> {
    while (this.snapshotWrites.size > 0) await Promise.all([...this.snapshotWrites]);
  }

  /** Drops every cached state (benches: a restart with an empty cache). */
  clearCache(): void {
    this.cache.clear();
  }

  /**
   * Writes a snapshot in the background: the decision does not wait for it, and a failed write only means the
   * next cold load folds more events (snapshots are never the source of truth).
   */
  private writeSnapshot(snapshot: StreamSnapshot): void {
    const write = this.store
      .writeSnapshot(snapshot)
      .catch((error: unknown) => console.warn(`snapshot of ${snapshot.stream} not written`, error))
      .finally(() => this.snapshotWrites.delete(write));
    this.snapshotWrites.add(write);
  }

  private async appendNow(
    appends: { stream: string; expected: ExpectedRevision; events: { event: AnyEvent; actor: Actor }[] }[],
  ): Promise<AppendResult> {
    // One envelope per actor (a group's append carries several decisions, each with its own).
    const envelopes = new Map<Actor, EventMetadata>();
    const envelopeOf = (actor: Actor): EventMetadata => {
      let metadata = envelopes.get(actor);
      if (!metadata) {
        metadata = {
          companyId: actor.companyId,
          userId: actor.userId,
          correlationId: actor.correlationId ?? randomUUID(),
          occurredAt: actor.now,
          schemaVersion: 1,
        };
        envelopes.set(actor, metadata);
      }
      return metadata;
    };
    return this.store.appendToStreams(
      appends.map(({ stream, expected, events }) => ({
        stream,
        expected,
        events: events.map(({ event, actor }): NewEvent => ({
          id: randomUUID(),
          type: event.type,
          data: event.data as Record<string, unknown>,
          metadata: { ...envelopeOf(actor), schemaVersion: eventUpcasting.versionOf(event.type) },
        })),
      })),
    );
  }
}

/** A short random pause before attempt n + 1, so writers in other processes do not collide again at once. */
function pause(attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * Math.min(attempt, 5)));
}
