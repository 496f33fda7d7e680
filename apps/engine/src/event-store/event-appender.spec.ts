import type { AnyCommand, Decider } from '#domain/shared/decider.js';
import { EventAppender, streamDecision } from './event-appender.js';
import {
  START,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type StoredEvent,
  type StreamAppend,
  type StreamSnapshot,
} from './event-store.port.js';

/** An in-memory event store with the port's append semantics, counting what is read. */
class MemoryStore implements EventStore {
  readonly events: StoredEvent[] = [];
  readonly reads: { stream: string; from: bigint }[] = [];
  /** Appends to make (as another process would) right before the next append of ours. */
  interleave: StreamAppend[] = [];

  private revisionOf(stream: string): bigint | 'no_stream' {
    const last = this.events.filter((e) => e.streamId === stream).at(-1);
    return last ? last.revision : 'no_stream';
  }

  async appendToStreams(appends: StreamAppend[]): Promise<AppendResult> {
    const others = this.interleave;
    this.interleave = [];
    if (others.length) await this.appendToStreams(others);
    for (const { stream, expected } of appends) {
      const actual = this.revisionOf(stream);
      if (expected !== 'any' && expected !== actual)
        throw new WrongExpectedRevisionError(stream, expected, actual);
    }
    const revisions: Record<string, bigint> = {};
    for (const { stream, events } of appends) {
      for (const event of events) {
        const actual = this.revisionOf(stream);
        const revision = actual === 'no_stream' ? 0n : actual + 1n;
        const position = BigInt(this.events.length + 1);
        this.events.push({
          ...event,
          streamId: stream,
          revision,
          position,
          checkpoint: String(position),
          recordedAt: '',
        });
        revisions[stream] = revision;
      }
    }
    return { revisions, checkpoint: String(this.events.length), duplicate: false };
  }

  async *readStream(stream: string, fromRevision = 0n): AsyncIterable<StoredEvent> {
    this.reads.push({ stream, from: fromRevision });
    for (const event of this.events.filter((e) => e.streamId === stream && e.revision >= fromRevision))
      yield event;
  }

  readonly snapshots = new Map<string, StreamSnapshot>();
  async readSnapshot(stream: string) {
    const kept = this.snapshots.get(stream);
    return kept && { ...kept, state: JSON.parse(JSON.stringify(kept.state)) };
  }
  async writeSnapshot(snapshot: StreamSnapshot) {
    const kept = this.snapshots.get(snapshot.stream);
    if (!kept || kept.revision < snapshot.revision || kept.version !== snapshot.version)
      this.snapshots.set(snapshot.stream, { ...snapshot, state: JSON.parse(JSON.stringify(snapshot.state)) });
  }

  async readAll(): Promise<StoredEvent[]> {
    return [];
  }
  subscribeAll() {
    return { close: async () => {} };
  }
  compareCheckpoints(a: string, b: string): number {
    return Number(a || 0) - Number(b || 0);
  }
  async headCheckpoint() {
    return START;
  }
  async ping() {}
  async close() {}
}

// A counter: `Add` adds n, refused past a limit; the state is the total.
interface Added {
  type: 'Added';
  data: { n: number };
}
interface Add extends AnyCommand {
  type: 'Add';
  data: { n: number; limit?: number };
}
let evolveCalls = 0;
const counter: Decider<number, Add, Added> = {
  initialState: () => 0,
  evolve: (total, event) => {
    evolveCalls++;
    return event.type === 'Added' ? total + event.data.n : total;
  },
  decide: (command, total) => {
    if (command.data.limit !== undefined && total + command.data.n > command.data.limit)
      throw new Error('over the limit');
    return command.data.n === 0 ? [] : [added(command.data.n)];
  },
};
const add = (n: number, limit?: number): Add => ({
  type: 'Add',
  data: { n, ...(limit !== undefined ? { limit } : {}) },
  metadata: { companyId: 'co-1', userId: 'u-1', now: '2026-11-21T15:00:00.000Z' },
});
const added = (n: number): Added => ({ type: 'Added', data: { n } });
const actor = { companyId: 'co-1', userId: 'u-1', now: '2026-11-21T15:00:00.000Z' };

describe('EventAppender', () => {
  let store: MemoryStore;
  let appender: EventAppender;
  const waited: string[] = [];

  beforeEach(() => {
    store = new MemoryStore();
    waited.length = 0;
    appender = new EventAppender(store, { waitFor: async (checkpoint) => (waited.push(checkpoint), true) });
    evolveCalls = 0;
  });

  const total = async (stream: string) => (await appender.load(stream, counter)).state;

  describe('decide', () => {
    it('appends the decided events at the revision it read and waits for the projections', async () => {
      const first = await appender.decide(counter, 'counter-1', add(2));
      const second = await appender.decide(counter, 'counter-1', add(3));
      expect(first.events).toEqual([added(2)]);
      expect(second.result?.revisions).toEqual({ 'counter-1': 1n });
      expect(waited).toEqual(['1', '2']);
      expect(store.events.map((e) => e.metadata.occurredAt)).toEqual([actor.now, actor.now]);
    });

    it('appends nothing and waits for nothing when the decision is empty', async () => {
      expect(await appender.decide(counter, 'counter-1', add(0))).toEqual({ events: [] });
      expect(store.events).toEqual([]);
      expect(waited).toEqual([]);
    });

    it('decides on the state it appended last, without reading the stream again', async () => {
      for (let i = 0; i < 5; i++) await appender.decide(counter, 'counter-1', add(1));
      // Only the first decision reads (no stream yet); each append's events are folded into the cached state.
      expect(store.reads.map((r) => r.from)).toEqual([0n]);
      evolveCalls = 0;
      await appender.decide(counter, 'counter-1', add(1));
      expect(evolveCalls).toBe(1); // only the event it appended
      expect(await total('counter-1')).toBe(6);
    });

    it('reads a cached stream only from the cached revision on when asked to load it', async () => {
      for (let i = 0; i < 3; i++) await appender.decide(counter, 'counter-1', add(1));
      store.reads.length = 0;
      evolveCalls = 0;
      expect(await total('counter-1')).toBe(3);
      expect(store.reads).toEqual([{ stream: 'counter-1', from: 3n }]);
      expect(evolveCalls).toBe(0);
    });

    it('sees events another process appended after the cached revision', async () => {
      await appender.decide(counter, 'counter-1', add(1));
      await store.appendToStreams([{ stream: 'counter-1', expected: 0n, events: [newEvent(10)] }]);
      await expect(appender.decide(counter, 'counter-1', add(1, 11))).rejects.toThrow('over the limit');
      expect(await total('counter-1')).toBe(11);
    });

    it('decides again on the new state after a conflict', async () => {
      await appender.decide(counter, 'counter-1', add(1));
      store.interleave = [{ stream: 'counter-1', expected: 'any', events: [newEvent(5)] }];
      await appender.decide(counter, 'counter-1', add(2));
      expect(await total('counter-1')).toBe(8);
      expect(store.events.map((e) => (e.data as { n: number }).n)).toEqual([1, 5, 2]);
    });

    it('gives up after its attempts when the stream keeps changing', async () => {
      await appender.decide(counter, 'counter-1', add(1));
      let interleaved = 0;
      const append = store.appendToStreams.bind(store);
      store.appendToStreams = async (appends) => {
        if (appends[0]!.expected !== 'any') {
          interleaved++;
          await append([{ stream: 'counter-1', expected: 'any', events: [newEvent(1)] }]);
        }
        return append(appends);
      };
      await expect(appender.decide(counter, 'counter-1', add(1))).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      expect(interleaved).toBe(10);
    });

    it('runs concurrent decisions on one stream one after the other, each on the state the last one left', async () => {
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, () => appender.decide(counter, 'counter-1', add(1, 15))),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(15);
      expect(results.filter((r) => r.status === 'rejected')).toHaveLength(5);
      expect(await total('counter-1')).toBe(15);
    });

    it('keeps at most cacheStreams states', async () => {
      appender.cacheStreams = 2;
      for (const stream of ['a', 'a', 'b', 'b', 'c', 'c']) await appender.decide(counter, stream, add(1));
      store.reads.length = 0;
      await appender.decide(counter, 'a', add(1)); // evicted: read from the start
      await appender.decide(counter, 'c', add(1)); // cached: not read
      expect(store.reads).toEqual([{ stream: 'a', from: 0n }]);
      expect(await total('a')).toBe(3);
      expect(await total('c')).toBe(3);
    });
  });

  describe('decideMany', () => {
    const two = { left: streamDecision('left-1', counter), right: streamDecision('right-1', counter) };

    it('appends the events of every stream in one atomic append, at the revisions it read', async () => {
      await appender.decide(counter, 'left-1', add(1));
      const calls: StreamAppend[][] = [];
      const append = store.appendToStreams.bind(store);
      store.appendToStreams = (appends) => (calls.push(appends), append(appends));
      const { events, result } = await appender.decideMany(
        two,
        ({ left, right }) => ({
          left: [added(left + 1)],
          right: [added(right + 10)],
        }),
        actor,
      );
      expect(events).toEqual({ left: [added(2)], right: [added(10)] });
      expect(calls).toHaveLength(1);
      expect(calls[0]!.map((a) => [a.stream, a.expected])).toEqual([
        ['left-1', 0n],
        ['right-1', 'no_stream'],
      ]);
      expect(result?.revisions).toEqual({ 'left-1': 1n, 'right-1': 0n });
      expect(waited).toHaveLength(2);
    });

    it('appends nothing to a stream that gets no events', async () => {
      await appender.decideMany(two, () => ({ right: [added(1)] }), actor);
      expect(store.events.map((e) => e.streamId)).toEqual(['right-1']);
    });

    it('appends to no stream when one of them conflicts, then decides again', async () => {
      store.interleave = [{ stream: 'right-1', expected: 'any', events: [newEvent(100)] }];
      let calls = 0;
      await appender.decideMany(
        two,
        ({ right }) => {
          calls++;
          return { left: [added(1)], right: [added(right + 1)] };
        },
        actor,
      );
      expect(calls).toBe(2);
      expect(store.events.map((e) => [e.streamId, (e.data as { n: number }).n])).toEqual([
        ['right-1', 100],
        ['left-1', 1],
        ['right-1', 101],
      ]);
    });

    it('reads a cached stream that gets no events before appending, and decides again when it moved', async () => {
      await appender.decideMany(two, () => ({ left: [added(1)], right: [added(1)] }), actor);
      // another process adds to right-1: our cached state of it is one event behind
      await store.appendToStreams([{ stream: 'right-1', expected: 0n, events: [newEvent(50)] }]);
      const seen: number[] = [];
      await appender.decideMany(
        two,
        ({ left, right }) => {
          seen.push(right);
          // right-1 gets nothing: its state only guards the decision (left grows by right's total)
          return { left: [added(left + right)] };
        },
        actor,
      );
      expect(seen).toEqual([1, 51]);
      expect(await total('left-1')).toBe(1 + 52);
    });

    it('appends at once, reading nothing, when every stream is cached and gets events', async () => {
      await appender.decideMany(two, () => ({ left: [added(1)], right: [added(1)] }), actor);
      store.reads.length = 0;
      await appender.decideMany(two, () => ({ left: [added(1)], right: [added(1)] }), actor);
      expect(store.reads).toEqual([]);
      expect(await total('left-1')).toBe(2);
    });

    it('refuses the same stream twice', async () => {
      await expect(
        appender.decideMany(
          { a: streamDecision('x', counter), b: streamDecision('x', counter) },
          () => ({}),
          actor,
        ),
      ).rejects.toThrow('a stream is named twice');
    });
  });

  describe('decideManyTogether', () => {
    // Each decision: one more on the shared counter and its own stream, as an invoice takes the next number.
    const decision = (own: string) => ({
      shared: streamDecision('shared-1', counter),
      own: streamDecision(own, counter),
    });
    const decideOne = (own: string, n: number, who: string, limit?: number) =>
      appender.decideManyTogether(
        'group-1',
        decision(own),
        ({ shared }) => {
          if (limit !== undefined && shared + n > limit) throw new Error(`over the limit: ${own}`);
          return { shared: [added(n)], own: [added(shared + n)] };
        },
        { ...actor, userId: who },
      );

    it('goes at once when nothing of its group is under way, and appends what arrives meanwhile together', async () => {
      const appends: number[] = [];
      const append = store.appendToStreams.bind(store);
      store.appendToStreams = async (batch) => {
        appends.push(batch.reduce((sum, a) => sum + a.events.length, 0));
        return append(batch);
      };
      const results = await Promise.all([
        decideOne('own-a', 1, 'u-a'),
        decideOne('own-b', 2, 'u-b'),
        decideOne('own-c', 3, 'u-c'),
      ]);
      // the first alone; the two that arrived while it was appended, in one append
      expect(appends).toEqual([2, 4]);
      // each decided on the state the one before it left, in arrival order, with its own actor
      expect(results.map((r) => r.events.own)).toEqual([[added(1)], [added(3)], [added(6)]]);
      expect(await total('shared-1')).toBe(6);
      expect(store.events.filter((e) => e.streamId === 'shared-1').map((e) => e.metadata.userId)).toEqual([
        'u-a',
        'u-b',
        'u-c',
      ]);
      expect(results[1]!.result).toBe(results[2]!.result);
      expect(waited).toHaveLength(3);
    });

    it('fails a decision whose decide throws alone, leaving the states as they were for the next', async () => {
      const first = decideOne('own-a', 5, 'u-a');
      const refused = decideOne('own-b', 10, 'u-b', 12); // 5 + 10 > 12
      const next = decideOne('own-c', 7, 'u-c', 12); // 5 + 7 fits
      await expect(refused).rejects.toThrow('over the limit: own-b');
      expect((await first).events.own).toEqual([added(5)]);
      expect((await next).events.own).toEqual([added(12)]);
      expect(await total('shared-1')).toBe(12);
      expect(store.events.some((e) => e.streamId === 'own-b')).toBe(false);
    });

    it('decides the whole group again on a conflict with another process', async () => {
      await decideOne('own-a', 1, 'u-a');
      store.interleave = [{ stream: 'shared-1', expected: 0n, events: [newEvent(100)] }];
      const [b, c] = await Promise.all([decideOne('own-b', 2, 'u-b'), decideOne('own-c', 3, 'u-c')]);
      expect(b.events.own).toEqual([added(103)]);
      expect(c.events.own).toEqual([added(106)]);
      expect(await total('shared-1')).toBe(106);
    });

    it('answers every decision of the group with the failure of their append', async () => {
      await decideOne('own-a', 1, 'u-a');
      store.appendToStreams = async () => {
        throw new Error('the store is down');
      };
      const outcomes = await Promise.allSettled([decideOne('own-b', 2, 'u-b'), decideOne('own-c', 3, 'u-c')]);
      expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
      // the cache kept nothing of them: once the store is back, the next decision starts from the stored total
      store.appendToStreams = MemoryStore.prototype.appendToStreams.bind(store);
      expect((await decideOne('own-d', 4, 'u-d')).events.own).toEqual([added(5)]);
    });
  });
});

function newEvent(n: number) {
  return {
    id: `${Math.random()}`,
    type: 'Added',
    data: { n },
    metadata: { companyId: 'co-1', occurredAt: actor.now, schemaVersion: 1 },
  };
}
