import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { AllStreamResolvedEvent, AllStreamSubscription } from '@kurrent/kurrentdb-client';
import { describeEventStoreContract, waitUntil } from '#engine/event-store/event-store.contract.js';
import { START, type Checkpoint, type StoredEvent } from '#engine';
import {
  KurrentDBEventStore,
  decodeMetadata,
  encodeMetadata,
  parseCheckpoint,
  toCheckpoint,
} from '#engine/event-store/kurrentdb.event-store.js';

const url = process.env.EVENTSTORE_URL ?? '';
const serverAvailable =
  /^(esdb|esdb\+discover|kurrentdb|kurrentdb\+discover|kurrent|kurrent\+discover):\/\//.test(url);

// The contract runs against a real server only (`EVENTSTORE_URL=kurrentdb://localhost:2113?tls=false npm test`).
// Streams carry a unique prefix, so a shared server is fine.
(serverAvailable ? describe : describe.skip)('KurrentDB server', () => {
  describeEventStoreContract('KurrentDB', async () => {
    const store = KurrentDBEventStore.connect(url);
    await store.ping();
    return { store, close: () => store.close() };
  });
});

describe('KurrentDB checkpoints', () => {
  const store = new KurrentDBEventStore('kurrentdb://127.0.0.1:1?tls=false');
  afterAll(() => store.close());

  it('orders by commit, then prepare, with START first', () => {
    const ordered = [
      START,
      toCheckpoint(5n, 5n),
      toCheckpoint(9n, 7n),
      toCheckpoint(9n, 9n),
      toCheckpoint(10n, 1n),
    ];
    for (let i = 0; i < ordered.length; i++) {
      for (let j = 0; j < ordered.length; j++) {
        expect(Math.sign(store.compareCheckpoints(ordered[i]!, ordered[j]!))).toBe(Math.sign(i - j));
      }
    }
  });

  it('round-trips positions beyond 2^53', () => {
    const big = 2n ** 62n + 3n;
    expect(parseCheckpoint(toCheckpoint(big, big - 1n))).toEqual({ commit: big, prepare: big - 1n });
    expect(parseCheckpoint(START)).toBeUndefined();
    expect(() => parseCheckpoint('12')).toThrow('Not a KurrentDB checkpoint');
  });
});

describe('KurrentDB metadata encoding', () => {
  it('keeps the envelope through the string-only properties of multiStreamAppend', () => {
    const metadata = {
      companyId: 'c-1',
      userId: null,
      correlationId: 'corr',
      occurredAt: '2026-11-21T12:00:00.000Z',
      schemaVersion: 2,
      tags: ['a', 'b'],
      note: '{"looks":"like json"}',
    };
    const encoded = encodeMetadata(metadata);
    expect(Object.values(encoded).every((value) => typeof value === 'string')).toBe(true);
    expect(encoded.companyId).toBe('c-1');
    expect(decodeMetadata(encoded)).toEqual(metadata);
  });

  it("reads plain JSON metadata as it is and drops the server's own $-properties", () => {
    expect(decodeMetadata({ companyId: 'c-1', schemaVersion: 1, '$schema.name': 'InvoiceCreated' })).toEqual({
      companyId: 'c-1',
      schemaVersion: 1,
    });
    expect(decodeMetadata(undefined)).toEqual({});
  });
});

/** A stand-in for the client's subscription stream: what the server would send, then silence. */
function fakeSubscription(events: AllStreamResolvedEvent[]): AllStreamSubscription {
  const stream = new PassThrough({ objectMode: true }) as PassThrough & { unsubscribe(): Promise<void> };
  stream.unsubscribe = async () => void stream.end();
  for (const event of events) stream.write(event);
  return stream as unknown as AllStreamSubscription;
}

function recorded(position: bigint, type = 'InvoiceCreated', streamId = 'invoice-1'): AllStreamResolvedEvent {
  return {
    event: {
      streamId,
      id: randomUUID(),
      isJson: true,
      revision: position,
      type,
      created: new Date('2026-01-01T00:00:00Z'),
      data: { n: Number(position) },
      metadata: { companyId: 'c-1', occurredAt: '2026-01-01T00:00:00.000Z', schemaVersion: 1 },
      position: { commit: position, prepare: position },
    },
  } as AllStreamResolvedEvent;
}

class ScriptedStore extends KurrentDBEventStore {
  readonly opened: Checkpoint[] = [];

  constructor(private readonly script: (from: Checkpoint, attempt: number) => AllStreamSubscription) {
    super('kurrentdb://127.0.0.1:1?tls=false', { reconnectDelayMs: 5 });
  }

  override openSubscription(from: Checkpoint): AllStreamSubscription {
    this.opened.push(from);
    return this.script(from, this.opened.length);
  }
}

describe('KurrentDB subscription', () => {
  it('hands over buffered events in batches of at most batchSize, in order, without system events', async () => {
    const events = [1n, 2n, 3n, 4n, 5n].map((p) => recorded(p));
    events.splice(2, 0, recorded(30n, '$metadata', '$$invoice-1'));
    const store = new ScriptedStore(() => fakeSubscription(events));
    const batches: StoredEvent[][] = [];
    const subscription = store.subscribeAll(START, async (batch) => void batches.push(batch), {
      batchSize: 2,
    });
    await waitUntil(() => batches.flat().length === 5);
    await subscription.close();
    expect(batches.map((b) => b.map((e) => e.data.n))).toEqual([[1, 2], [3, 4], [5]]);
    expect(batches[0]![0]).toMatchObject({ checkpoint: '1:1', position: 1n, metadata: { companyId: 'c-1' } });
  });

  it('skips events at or before its starting checkpoint', async () => {
    const store = new ScriptedStore(() => fakeSubscription([recorded(3n), recorded(4n)]));
    const seen: StoredEvent[] = [];
    const subscription = store.subscribeAll(toCheckpoint(3n, 3n), async (batch) => void seen.push(...batch));
    await waitUntil(() => seen.length === 1);
    await subscription.close();
    expect(seen.map((e) => e.checkpoint)).toEqual(['4:4']);
  });

  it('resubscribes after a dropped connection from the last handled checkpoint', async () => {
    const warn = console.warn;
    console.warn = () => {};
    const store = new ScriptedStore((_from, attempt) => {
      if (attempt > 1) return fakeSubscription([recorded(2n), recorded(3n)]);
      const first = fakeSubscription([recorded(1n), recorded(2n)]);
      setTimeout(() => (first as unknown as PassThrough).destroy(new Error('connection reset')), 20);
      return first;
    });
    const seen: StoredEvent[] = [];
    const subscription = store.subscribeAll(START, async (batch) => void seen.push(...batch));
    await waitUntil(() => seen.length === 3);
    await subscription.close();
    console.warn = warn;
    expect(seen.map((e) => e.checkpoint)).toEqual(['1:1', '2:2', '3:3']);
    expect(store.opened).toEqual([START, '2:2']);
  });

  it('stops and reports when the handler fails', async () => {
    const store = new ScriptedStore(() => fakeSubscription([recorded(1n), recorded(2n)]));
    const errors: unknown[] = [];
    const subscription = store.subscribeAll(
      START,
      async () => {
        throw new Error('projection broke');
      },
      { onError: (error) => errors.push(error) },
    );
    await waitUntil(() => errors.length === 1);
    await subscription.close();
    expect(String(errors[0])).toContain('projection broke');
    expect(store.opened).toHaveLength(1);
  });
});
