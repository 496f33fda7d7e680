import { randomUUID } from 'node:crypto';
import {
  START,
  WrongExpectedRevisionError,
  type EventStore,
  type NewEvent,
  type StoredEvent,
} from './event-store.port.js';

/**
 * The one contract every event store adapter passes (ARCHITECTURE §3). Each adapter's spec calls it with a
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
        { stream: s, expected: 'no_stream', events: [anEvent('A'), anEvent('B')] },
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

export function anEvent(type: string, data: Record<string, unknown> = { label: type }): NewEvent {
  return {
    id: randomUUID(),
    type,
    data,
    metadata: { companyId: 'c-1', userId: 'u-1', occurredAt: '2026-11-21T12:00:00.000Z', schemaVersion: 1 },
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
