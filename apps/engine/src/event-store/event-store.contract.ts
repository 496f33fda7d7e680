import { randomUUID } from 'node:crypto';
import { EventAppender } from './event-appender.js';
import {
  START,
  WrongExpectedRevisionError,
  type EventStore,
  type NewEvent,
  type StoredEvent,
} from './event-store.port.js';

/**
 * The one contract every event store adapter passes. Each adapter's spec calls it with a
 * factory that opens a store on an empty database (or a unique stream prefix on a shared server).
 */
export function describeEventStoreContract(
  name: string,
  open: () => Promise<{ store: EventStore; close(): Promise<void> }>,
): void {
  describe(`${name} event store contract`, () => {
    let store: EventStore;
    let close: () => Promise<void>;
    const prefix = `t${randomUUID().slice(0, 8)}`;
    const stream = (label: string) => `${prefix}_${label}-${randomUUID().slice(0, 8)}`;

    beforeAll(async () => {
      ({ store, close } = await open());
    });
    afterAll(async () => {
      await close();
    });

    it('appends to a new stream and reads it back in order', async () => {
      const s = stream('invoice');
      const result = await store.appendToStreams([
        { stream: s, expected: 'no_stream', events: [anEvent('A', undefined, 'c-1'), anEvent('B')] },
      ]);
      expect(result.revisions[s]).toBe(1n);
      expect(result.duplicate).toBe(false);
      const read = await collect(store.readStream(s));
      expect(read.map((e) => [e.type, e.revision])).toEqual([
        ['A', 0n],
        ['B', 1n],
      ]);
      expect(read[0]!.metadata.companyId).toBe('c-1');
      expect(read[0]!.data).toEqual({ label: 'A' });
    });

    it('reads several streams from their own revisions in one call, at most the limit of each', async () => {
      if (!store.readStreams) return; // optional: the appender reads one stream at a time then
      const [a, b, empty] = [stream('a'), stream('b'), stream('empty')];
      await store.appendToStreams([
        { stream: a, expected: 'no_stream', events: ['A0', 'A1', 'A2'].map((t) => anEvent(t)) },
        { stream: b, expected: 'no_stream', events: ['B0', 'B1'].map((t) => anEvent(t)) },
      ]);
      const read = await store.readStreams(
        [
          { stream: a, fromRevision: 0n },
          { stream: b, fromRevision: 1n },
          { stream: empty, fromRevision: 0n },
        ],
        2,
      );
      expect(read.get(a)!.map((e) => [e.type, e.revision])).toEqual([
        ['A0', 0n],
        ['A1', 1n],
      ]);
      expect(read.get(b)!.map((e) => [e.type, e.revision])).toEqual([['B1', 1n]]);
      expect(read.has(empty)).toBe(false);
    });

    it('appends with the right expected revision and refuses a wrong one', async () => {
      const s = stream('invoice');
      await store.appendToStreams([{ stream: s, expected: 'no_stream', events: [anEvent('A')] }]);
      await store.appendToStreams([{ stream: s, expected: 0n, events: [anEvent('B')] }]);
      await expect(
        store.appendToStreams([{ stream: s, expected: 0n, events: [anEvent('C')] }]),
      ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(
        store.appendToStreams([{ stream: s, expected: 'no_stream', events: [anEvent('C')] }]),
      ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(
        store.appendToStreams([{ stream: stream('missing'), expected: 3n, events: [anEvent('C')] }]),
      ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      const any = await store.appendToStreams([{ stream: s, expected: 'any', events: [anEvent('D')] }]);
      expect(any.revisions[s]).toBe(2n);
      expect((await collect(store.readStream(s))).map((e) => e.type)).toEqual(['A', 'B', 'D']);
    });

    it('appends nothing to any stream when one stream of a multi-stream append conflicts', async () => {
      const invoice = stream('invoice');
      const stamps = stream('stamps');
      await store.appendToStreams([
        { stream: stamps, expected: 'no_stream', events: [anEvent('RollReceived')] },
      ]);
      await expect(
        store.appendToStreams([
          { stream: invoice, expected: 'no_stream', events: [anEvent('InvoiceCreated')] },
          { stream: stamps, expected: 5n, events: [anEvent('StampsAllocated')] },
        ]),
      ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect(await collect(store.readStream(invoice))).toEqual([]);
      expect((await collect(store.readStream(stamps))).map((e) => e.type)).toEqual(['RollReceived']);

      const ok = await store.appendToStreams([
        { stream: invoice, expected: 'no_stream', events: [anEvent('InvoiceCreated')] },
        { stream: stamps, expected: 0n, events: [anEvent('StampsAllocated')] },
      ]);
      expect(ok.revisions).toEqual({ [invoice]: 0n, [stamps]: 1n });
    });

    it('appends nothing twice when the same append is retried with the same event ids', async () => {
      const s = stream('payment');
      const events = [anEvent('PaymentLogged'), anEvent('InvoicePaid')];
      const first = await store.appendToStreams([{ stream: s, expected: 'no_stream', events }]);
      const retry = await store.appendToStreams([{ stream: s, expected: 'no_stream', events }]);
      expect(retry.duplicate).toBe(true);
      expect(retry.revisions[s]).toBe(first.revisions[s]);
      expect(await collect(store.readStream(s))).toHaveLength(2);
    });

    it('reads all events in global order, after a checkpoint', async () => {
      const a = stream('a');
      const b = stream('b');
      await store.appendToStreams([{ stream: a, expected: 'no_stream', events: [anEvent('A1')] }]);
      const middle = await store.appendToStreams([
        { stream: b, expected: 'no_stream', events: [anEvent('B1')] },
      ]);
      const last = await store.appendToStreams([{ stream: a, expected: 0n, events: [anEvent('A2')] }]);
      await waitForVisible(store, last.checkpoint);
      const all = await readEverything(store);
      const mine = all.filter((e) => e.streamId === a || e.streamId === b);
      expect(mine.map((e) => e.type)).toEqual(['A1', 'B1', 'A2']);
      for (let i = 1; i < all.length; i++)
        expect(store.compareCheckpoints(all[i - 1]!.checkpoint, all[i]!.checkpoint)).toBeLessThan(0);
      const after = (await readEverything(store, middle.checkpoint)).filter(
        (e) => e.streamId === a || e.streamId === b,
      );
      expect(after.map((e) => e.type)).toEqual(['A2']);
      expect(store.compareCheckpoints(await store.headCheckpoint(), middle.checkpoint)).toBeGreaterThan(0);
    });

    it('keeps snapshots by stream, revision and version: a newer one replaces, an older one of its version does not', async () => {
      const s = stream('stamps');
      expect(await store.readSnapshot(s)).toBeUndefined();
      await store.writeSnapshot({ stream: s, revision: 9n, version: 1, state: { total: 9, list: [1, 'a'] } });
      await store.writeSnapshot({ stream: s, revision: 4n, version: 1, state: { total: 4 } });
      expect(await store.readSnapshot(s)).toEqual({
        stream: s,
        revision: 9n,
        version: 1,
        state: { total: 9, list: [1, 'a'] },
      });
      await store.writeSnapshot({ stream: s, revision: 9n, version: 2, state: { sum: 9 } });
      expect(await store.readSnapshot(s)).toMatchObject({ revision: 9n, version: 2, state: { sum: 9 } });
      // Snapshots are not events: no reader of the stream or of the global feed sees them.
      expect(await collect(store.readStream(s))).toEqual([]);
      expect((await readEverything(store)).filter((e) => e.streamId.includes(s))).toEqual([]);
    });

    it('cold-loads a stream of 10,000 events reading only the events after its snapshot', async () => {
      const s = stream('stamps');
      const counter = {
        initialState: () => 0,
        evolve: (total: number, e: { data: { n?: unknown } }) => total + Number(e.data.n),
        snapshot: { version: 1 },
      };
      const numbered = (n: number) => anEvent('Added', { n });
      for (let batch = 0; batch < 20; batch++) {
        await store.appendToStreams([
          {
            stream: s,
            expected: batch === 0 ? 'no_stream' : BigInt(batch * 500 - 1),
            events: Array.from({ length: 500 }, (_, i) => numbered(batch * 500 + i)),
          },
        ]);
      }
      const sum = (n: number) => (n * (n - 1)) / 2;
      const noProjections = { waitFor: async () => true };
      // The first process folds all 10,000 events once and keeps a snapshot.
      const first = new EventAppender(store, noProjections);
      expect((await first.load(s, counter)).state).toBe(sum(10_000));
      expect(first.lastLoad).toMatchObject({ cached: false, snapshotRevision: null, eventsRead: 10_000 });
      await first.snapshotsWritten();
      await store.appendToStreams([
        { stream: s, expected: 9_999n, events: Array.from({ length: 37 }, (_, i) => numbered(10_000 + i)) },
      ]);
      // A restarted process (empty cache) reads the snapshot and the 37 events after it.
      const cold = new EventAppender(store, noProjections);
      const loaded = await cold.load(s, counter);
      expect(loaded).toEqual({ state: sum(10_037), revision: 10_036n });
      expect(cold.lastLoad).toEqual({ stream: s, cached: false, snapshotRevision: 9_999n, eventsRead: 37 });
      // A state of a new shape ignores the old snapshot, folds everything once and rewrites it.
      const reshaped = {
        ...counter,
        evolve: (t: number, e: { data: { n?: unknown } }) => counter.evolve(t, e) * 1,
        snapshot: { version: 2 },
      };
      const upgraded = new EventAppender(store, noProjections);
      expect((await upgraded.load(s, reshaped)).state).toBe(sum(10_037));
      expect(upgraded.lastLoad!.eventsRead).toBe(10_037);
      await upgraded.snapshotsWritten();
      expect(await store.readSnapshot(s)).toMatchObject({ revision: 10_036n, version: 2 });
      const again = new EventAppender(store, noProjections);
      expect((await again.load(s, reshaped)).state).toBe(sum(10_037));
      expect(again.lastLoad!.eventsRead).toBe(0);
    }, 120_000);

    it('delivers existing events to a subscriber, then new ones live', async () => {
      const s = stream('live');
      await store.appendToStreams([{ stream: s, expected: 'no_stream', events: [anEvent('Before')] }]);
      const seen: StoredEvent[] = [];
      const subscription = store.subscribeAll(START, async (batch) => {
        seen.push(...batch.filter((e) => e.streamId === s));
      });
      try {
        await waitUntil(() => seen.length === 1);
        await store.appendToStreams([{ stream: s, expected: 0n, events: [anEvent('After')] }]);
        await waitUntil(() => seen.length === 2);
        expect(seen.map((e) => e.type)).toEqual(['Before', 'After']);
      } finally {
        await subscription.close();
      }
    });
  });
}

/**
 * An event of its own company unless `companyId` says: the Postgres store serialises one company's appends (its
 * hash chain), and these tests are about streams and global order, which must hold across companies.
 */
export function anEvent(
  type: string,
  data: Record<string, unknown> = { label: type },
  companyId = `c-${randomUUID()}`,
): NewEvent {
  return {
    id: randomUUID(),
    type,
    data,
    metadata: { companyId, userId: 'u-1', occurredAt: '2026-11-21T12:00:00.000Z', schemaVersion: 1 },
  };
}

export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

export async function readEverything(store: EventStore, from = START): Promise<StoredEvent[]> {
  const events: StoredEvent[] = [];
  let checkpoint = from;
  for (;;) {
    const batch = await store.readAll(checkpoint, 100);
    if (batch.length === 0) return events;
    events.push(...batch);
    checkpoint = batch[batch.length - 1]!.checkpoint;
  }
}

/**
 * Waits until readers can see `checkpoint`. Global order is settled only once no older transaction is running
 * (anywhere on the database server, for the Postgres store), so a reader may briefly lag an append.
 */
export async function waitForVisible(
  store: EventStore,
  checkpoint: string,
  timeoutMs = 10000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await readEverything(store)).some((e) => e.checkpoint === checkpoint)) {
    if (Date.now() > deadline) throw new Error(`checkpoint ${checkpoint} not visible in time`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export async function waitUntil(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
