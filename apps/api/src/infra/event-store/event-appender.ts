import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { AnyCommand, AnyEvent, Decider } from '../../../../../domain/shared/decider.js';
import { PROJECTION_RUNNER, type ReadYourWrites } from '../projections.provider.js';
import {
  EVENT_STORE,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
} from './event-store.port.js';

export interface Actor {
  companyId: string;
  userId: string | null;
  now: string;
  correlationId?: string;
}

/** What a stream's state is folded with: a decider without its `decide`. */
export type Evolver<S, E extends AnyEvent> = Pick<Decider<S, never, E>, 'evolve' | 'initialState'>;

/** One stream of a multi-stream decision and the fold of its state. */
export interface StreamDecision<S, E extends AnyEvent> {
  stream: string;
  decider: Evolver<S, E>;
}

export const streamDecision = <S, E extends AnyEvent>(
  stream: string,
  decider: Evolver<S, E>,
): StreamDecision<S, E> => ({
  stream,
  decider,
});

type StateOf<T> = T extends StreamDecision<infer S, any> ? S : never;
type EventOf<T> = T extends StreamDecision<any, infer E> ? E : never;
type Decisions = Record<string, StreamDecision<any, any>>;

/** Attempts of one decision when other writers keep changing its streams (another API process). */
const MAX_ATTEMPTS = 10;
/** Streams whose folded state is kept (least recently used first out). */
const DEFAULT_CACHE_STREAMS = 256;

interface CachedState {
  evolve: unknown;
  state: unknown;
  revision: bigint;
}

/**
 * The one place that runs read → fold → decide → append (STYLE.md "DeciderRunner"), and appends facts.
 *
 * - On a revision conflict it reloads and decides again (bounded, with a short random pause), so users never
 *   see a conflict a retry resolves.
 * - Decisions on the same stream run one at a time in this process (a queue per stream), so concurrent requests
 *   of one company do not waste attempts on each other; other processes are handled by the retries.
 * - Folded states are cached by stream and revision (LRU): a long stream such as `stamps-{companyId}` is read
 *   only from the cached revision on. Newer events are always read from the store before deciding.
 * - After appending it waits (bounded) until the projections have applied the events: read-your-writes.
 */
@Injectable()
export class EventAppender {
  /** Streams whose state is cached; 0 turns the cache off. */
  cacheStreams = DEFAULT_CACHE_STREAMS;
  private readonly cache = new Map<string, CachedState>();
  private readonly queues = new Map<string, Promise<void>>();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTION_RUNNER) private readonly projections: ReadYourWrites,
  ) {}

  async decide<S, C extends AnyCommand, E extends AnyEvent>(
    decider: Decider<S, C, E>,
    stream: string,
    command: C,
    options: { waitForProjections?: boolean } = {},
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
    decide: (states: { [K in keyof T]: StateOf<T[K]> }) => { [K in keyof T]?: EventOf<T[K]>[] },
    actor: Actor,
    options: { waitForProjections?: boolean } = {},
  ): Promise<{ events: { [K in keyof T]: EventOf<T[K]>[] }; result?: AppendResult }> {
    const keys = Object.keys(streams) as (keyof T & string)[];
    const names = keys.map((key) => streams[key]!.stream);
    if (new Set(names).size !== names.length)
      throw new Error(`decideMany: a stream is named twice: ${names.join(', ')}`);
    const { events, result } = await this.serialized(names, async () => {
      for (let attempt = 1; ; attempt++) {
        const loaded = await Promise.all(
          keys.map((key) => this.load(streams[key]!.stream, streams[key]!.decider)),
        );
        const states = Object.fromEntries(keys.map((key, i) => [key, loaded[i]!.state])) as {
          [K in keyof T]: StateOf<T[K]>;
        };
        const decided = decide(states);
        const events = Object.fromEntries(keys.map((key) => [key, decided[key] ?? []])) as {
          [K in keyof T]: EventOf<T[K]>[];
        };
        const appends = keys
          .map((key, i) => ({
            stream: streams[key]!.stream,
            expected: loaded[i]!.revision,
            events: events[key],
          }))
          .filter((append) => append.events.length > 0);
        if (appends.length === 0) return { events };
        try {
          return { events, result: await this.appendNow(appends, actor) };
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError)) throw error;
          for (const append of appends) this.cache.delete(append.stream);
          if (attempt >= MAX_ATTEMPTS) throw error;
          await pause(attempt);
        }
      }
    });
    if (result && options.waitForProjections !== false) await this.projections.waitFor(result.checkpoint);
    return { events, ...(result ? { result } : {}) };
  }

  /** Appends events (atomically across streams) with the envelope's metadata; optionally waits for projections. */
  async append(
    appends: { stream: string; expected: ExpectedRevision; events: AnyEvent[] }[],
    actor: Actor,
    options: { waitForProjections?: boolean } = {},
  ): Promise<AppendResult> {
    const result = await this.appendNow(appends, actor);
    if (options.waitForProjections !== false) await this.projections.waitFor(result.checkpoint);
    return result;
  }

  /** Read-your-writes for appends made with `waitForProjections: false` (e.g. inside a database transaction). */
  waitForProjections(checkpoint: AppendResult['checkpoint']): Promise<boolean> {
    return this.projections.waitFor(checkpoint);
  }

  /** Facts with no aggregate (activity): appended to their stream whatever its revision. */
  record(stream: string, events: AnyEvent[], actor: Actor, options: { waitForProjections?: boolean } = {}) {
    return this.append([{ stream, expected: 'any', events }], actor, {
      waitForProjections: false,
      ...options,
    });
  }

  /** A stream's state now: the cached fold (if any) plus every newer event in the store. */
  async load<S, E extends AnyEvent>(
    stream: string,
    decider: Evolver<S, E>,
  ): Promise<{ state: S; revision: ExpectedRevision }> {
    const cached = this.cache.get(stream);
    const hit = cached !== undefined && cached.evolve === decider.evolve;
    let state = hit ? (cached.state as S) : decider.initialState();
    let revision: ExpectedRevision = hit ? cached.revision : 'no_stream';
    for await (const stored of this.store.readStream(stream, hit ? cached.revision + 1n : 0n)) {
      state = decider.evolve(state, stored as unknown as E);
      revision = stored.revision;
    }
    if (typeof revision === 'bigint' && this.cacheStreams > 0) {
      this.cache.delete(stream); // re-inserted last: most recently used
      this.cache.set(stream, { evolve: decider.evolve, state, revision });
      while (this.cache.size > this.cacheStreams) this.cache.delete(this.cache.keys().next().value!);
    }
    return { state, revision };
  }

  private async appendNow(
    appends: { stream: string; expected: ExpectedRevision; events: AnyEvent[] }[],
    actor: Actor,
  ): Promise<AppendResult> {
    const metadata: EventMetadata = {
      companyId: actor.companyId,
      userId: actor.userId,
      correlationId: actor.correlationId ?? randomUUID(),
      occurredAt: actor.now,
      schemaVersion: 1,
    };
    return this.store.appendToStreams(
      appends.map(({ stream, expected, events }) => ({
        stream,
        expected,
        events: events.map((event): NewEvent => ({
          id: randomUUID(),
          type: event.type,
          data: event.data as Record<string, unknown>,
          metadata,
        })),
      })),
    );
  }

  /** Runs `work` after every earlier decision on any of these streams in this process (locks taken in name order). */
  private async serialized<R>(streams: string[], work: () => Promise<R>): Promise<R> {
    const names = [...streams].sort();
    const before = names.map((name) => this.queues.get(name) ?? Promise.resolve());
    let done!: () => void;
    const mine = new Promise<void>((resolve) => (done = resolve));
    for (const name of names) this.queues.set(name, mine);
    try {
      await Promise.all(before);
      return await work();
    } finally {
      done();
      for (const name of names) if (this.queues.get(name) === mine) this.queues.delete(name);
    }
  }
}

/** A short random pause before attempt n + 1, so writers in other processes do not collide again at once. */
function pause(attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * Math.min(attempt, 5)));
}
