import { jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  anEvent,
  collect,
  describeEventStoreContract,
  readEverything,
  waitUntil,
} from '#engine/event-store/event-store.contract.js';
import { START, type StoredEvent, type StreamAppend } from '#engine';
import { PostgresEventStore } from '#engine';
import { createTestDatabase } from '../support/database.js';

async function openStore() {
  const db = await createTestDatabase('event_store');
  const store = new PostgresEventStore(db.url, { pollIntervalMs: 200, notifyIntervalMs: 5 });
  await store.ensureSchema();
  return {
    store,
    url: db.url,
    close: async () => {
      await store.close();
      await db.drop();
    },
  };
}

describeEventStoreContract('Postgres', openStore);

/** Appends inside a transaction the test controls, on its own connection (the store's function, not committed). */
async function openTransaction(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('BEGIN');
  return {
    takeTransactionId: () => client.query('SELECT pg_current_xact_id()'),
    lockStream: (stream: string) =>
      client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [stream]),
    append: (stream: string, type: string, expected = '-1') => {
      const event = anEvent(type);
      return client.query(`SELECT * FROM append_events($1::text[], $2::bigint[], $3::int[], $4::jsonb)`, [
        [stream],
        [expected],
        [1],
        JSON.stringify([[event.id, event.type, event.data, event.metadata]]),
      ]);
    },
    commit: async () => {
      await client.query('COMMIT');
      await client.end();
    },
  };
}

describe('Postgres event store with commits out of order', () => {
  let store: PostgresEventStore;
  let url: string;
  let close: () => Promise<void>;

  beforeEach(async () => {
    ({ store, url, close } = await openStore());
  });
  afterEach(async () => {
    await close();
  });

  function subscribe(batchSize: number) {
    const seen: StoredEvent[] = [];
    const subscription = store.subscribeAll(START, async (batch) => void seen.push(...batch), { batchSize });
    return { seen, subscription };
  }

  it('delivers an earlier position that commits after a later one, and skips none', async () => {
    const { seen, subscription } = subscribe(1);
    try {
      const slow = await openTransaction(url);
      await slow.append('invoice-slow', 'Slow'); // takes the lower position, stays uncommitted
      await store.appendToStreams([
        { stream: 'invoice-fast', expected: 'no_stream', events: [anEvent('Fast')] },
      ]);
      await new Promise((resolve) => setTimeout(resolve, 150));
      // A naive "position > checkpoint" reader would have delivered Fast and moved past Slow's position by now.
      expect(seen.map((e) => e.type)).toEqual([]);
      await slow.commit();
      await waitUntil(() => seen.length === 2);
      expect(seen.map((e) => e.type)).toEqual(['Slow', 'Fast']);
      expect(seen[0]!.position).toBeLessThan(seen[1]!.position);
    } finally {
      await subscription.close();
    }
  });

  it('delivers both when transaction order and position order disagree across a batch boundary', async () => {
    const { seen, subscription } = subscribe(1);
    try {
      const older = await openTransaction(url);
      await older.takeTransactionId(); // the older transaction id …
      await store.appendToStreams([
        { stream: 'invoice-young', expected: 'no_stream', events: [anEvent('Young')] },
      ]);
      await older.append('invoice-old', 'Old'); // … with the higher position
      await older.commit();
      await waitUntil(() => seen.length === 2);
      expect(seen.map((e) => e.type)).toEqual(['Old', 'Young']);
      expect(seen[0]!.position).toBeGreaterThan(seen[1]!.position);
      // Resuming from the first event's checkpoint still yields the second.
      const resumed = await store.readAll(seen[0]!.checkpoint, 10);
      expect(resumed.map((e) => e.type)).toEqual(['Young']);
    } finally {
      await subscription.close();
    }
  });

  it('loses no event and delivers each once under many concurrent writers', async () => {
    const { seen, subscription } = subscribe(7);
    try {
      const writers = Array.from({ length: 8 }, (_, w) =>
        (async () => {
          for (let i = 0; i < 25; i++) {
            await store.appendToStreams([
              { stream: `w${w}-${i}`, expected: 'no_stream', events: [anEvent(`E${w}-${i}`)] },
            ]);
          }
        })(),
      );
      await Promise.all(writers);
      await waitUntil(() => seen.length >= 200, 10000);
      expect(new Set(seen.map((e) => e.id)).size).toBe(200);
      expect(seen).toHaveLength(200);
      for (let i = 1; i < seen.length; i++)
        expect(store.compareCheckpoints(seen[i - 1]!.checkpoint, seen[i]!.checkpoint)).toBe(-1);
    } finally {
      await subscription.close();
    }
  });

  it('keeps every stream in revision order in the global feed under concurrent `any` appends to it', async () => {
    // Without the stream lock before the transaction id, a writer could take its id, lose the race for the
    // stream row to a younger transaction, and get the higher revision with the lower id: delivered swapped.
    const { seen, subscription } = subscribe(64);
    try {
      const streams = Array.from({ length: 3 }, (_, round) => `stamps-${round}-${randomUUID()}`);
      for (const stream of streams) {
        await Promise.all(
          Array.from({ length: 8 }, async () => {
            for (let i = 0; i < 50; i++)
              await store.appendToStreams([{ stream, expected: 'any', events: [anEvent('Any')] }]);
          }),
        );
      }
      await waitUntil(() => seen.length >= 1200, 20000);
      const delivered = new Map<string, bigint[]>(streams.map((stream) => [stream, []]));
      for (const event of seen) delivered.get(event.streamId)!.push(event.revision);
      for (const stream of streams) {
        const revisions = delivered.get(stream)!;
        const swapped = revisions.filter((revision, i) => i > 0 && revision <= revisions[i - 1]!);
        expect({ stream, swapped }).toEqual({ stream, swapped: [] });
        expect(revisions).toEqual(Array.from({ length: 400 }, (_, i) => BigInt(i)));
      }
    } finally {
      await subscription.close();
    }
  });

  it('takes the stream lock before the transaction id, so a waiting append holds no id yet', async () => {
    const stream = `stamps-${randomUUID()}`;
    const holder = await openTransaction(url);
    await holder.lockStream(stream); // no transaction id: advisory locks need none
    const waiting = store.appendToStreams([{ stream, expected: 'any', events: [anEvent('Second')] }]);
    const probe = new pg.Client({ connectionString: url });
    await probe.connect();
    try {
      let blocked: { xid: string | null }[] = [];
      for (const deadline = Date.now() + 5000; blocked.length === 0 && Date.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        ({ rows: blocked } = await probe.query(
          `SELECT backend_xid::text AS xid FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = 'advisory'`,
        ));
      }
      expect(blocked).toEqual([{ xid: null }]);
      await holder.append(stream, 'First', '-2'); // takes its id now, while the other append waits
      await holder.commit();
      const result = await waiting;
      expect(result.revisions[stream]).toBe(1n);
      // Readable once no older transaction runs anywhere in the cluster (other test files share it).
      let feed: StoredEvent[] = [];
      for (const deadline = Date.now() + 10_000; feed.length < 2 && Date.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        feed = (await readEverything(store)).filter((e) => e.streamId === stream);
      }
      expect(feed.map((e) => [e.type, e.revision])).toEqual([
        ['First', 0n],
        ['Second', 1n],
      ]);
    } finally {
      await probe.end();
    }
  });

  it('answers duplicate to a retry that raced the first attempt on the same stream', async () => {
    const stream = `pay-${randomUUID()}`;
    const events = [anEvent('PaymentLogged'), anEvent('InvoicePaid')];
    const results = await Promise.all(
      Array.from({ length: 4 }, () => store.appendToStreams([{ stream, expected: 'any', events }])),
    );
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    for (const result of results) expect(result.revisions[stream]).toBe(1n);
    expect(new Set(results.map((r) => r.checkpoint)).size).toBe(1);
    expect((await collect(store.readStream(stream))).map((e) => e.type)).toEqual([
      'PaymentLogged',
      'InvoicePaid',
    ]);
  });

  it('answers duplicate to a retry of any kind of append, and refuses one that reuses only some event ids', async () => {
    const exact = `inv-${randomUUID()}`;
    const any = `act-${randomUUID()}`;
    const other = `inv-${randomUUID()}`;
    await store.appendToStreams([{ stream: exact, expected: 'no_stream', events: [anEvent('Created')] }]);
    const cases: StreamAppend[][] = [
      [{ stream: exact, expected: 0n, events: [anEvent('Edited'), anEvent('Sent')] }], // exact revision
      [{ stream: any, expected: 'any', events: [anEvent('Logged')] }], // any: the event id key fails
      [
        { stream: any, expected: 'any', events: [anEvent('Logged')] },
        { stream: other, expected: 'no_stream', events: [anEvent('Created')] }, // a later stream fails
      ],
      [
        { stream: `inv-${randomUUID()}`, expected: 'no_stream', events: [anEvent('A')] },
        { stream: any, expected: 'any', events: [anEvent('B'), anEvent('C')] },
      ],
    ];
    for (const appends of cases) {
      const first = await store.appendToStreams(appends);
      const retry = await store.appendToStreams(appends);
      expect(first.duplicate).toBe(false);
      expect(retry).toEqual({ ...first, duplicate: true });
    }
    expect((await collect(store.readStream(exact))).map((e) => e.type)).toEqual([
      'Created',
      'Edited',
      'Sent',
    ]);
    expect((await collect(store.readStream(any))).map((e) => e.revision)).toEqual([0n, 1n, 2n, 3n]);

    const [sent] = cases[0]![0]!.events.slice(1);
    for (const appends of [
      [{ stream: exact, expected: 2n, events: [anEvent('Paid'), sent!] }], // the first id is new
      [{ stream: exact, expected: 2n, events: [sent!, anEvent('Paid')] }], // the first id exists
      [{ stream: other, expected: 0n, events: [sent!] }], // all exist, in another stream
      [{ stream: any, expected: 'any' as const, events: [sent!] }],
    ]) {
      await expect(store.appendToStreams(appends)).rejects.toThrow();
    }
    expect((await collect(store.readStream(exact))).map((e) => e.type)).toEqual([
      'Created',
      'Edited',
      'Sent',
    ]);
    expect((await collect(store.readStream(other))).map((e) => e.type)).toEqual(['Created']);
  });

  it("writes a multi-stream append's events in the order given, under one transaction id", async () => {
    const a = `inv-${randomUUID()}`;
    const b = `stamps-${randomUUID()}`;
    await store.appendToStreams([
      { stream: b, expected: 'no_stream', events: [anEvent('B0'), anEvent('B1')] },
    ]);
    const result = await store.appendToStreams([
      { stream: a, expected: 'no_stream', events: [anEvent('A0'), anEvent('A1'), anEvent('A2')] },
      { stream: b, expected: 1n, events: [anEvent('B2'), anEvent('B3')] },
    ]);
    expect(result.revisions).toEqual({ [a]: 2n, [b]: 3n });
    let feed: StoredEvent[] = [];
    for (const deadline = Date.now() + 10_000; feed.length < 7 && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      feed = (await readEverything(store)).filter((e) => e.streamId === a || e.streamId === b);
    }
    expect(feed.map((e) => `${e.type}@${e.revision}`)).toEqual([
      'B0@0',
      'B1@1',
      'A0@0',
      'A1@1',
      'A2@2',
      'B2@2',
      'B3@3',
    ]);
    const appended = feed.slice(2);
    expect(new Set(appended.map((e) => e.checkpoint.split(':')[0])).size).toBe(1);
    expect(appended.at(-1)!.checkpoint).toBe(result.checkpoint);
  });

  it('reports recorded_at as the ISO instant, to the millisecond', async () => {
    const stream = `clock-${randomUUID()}`;
    await store.appendToStreams([{ stream, expected: 'no_stream', events: [anEvent('Tick')] }]);
    const [event] = await collect(store.readStream(stream));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query('SELECT recorded_at FROM events WHERE stream_id = $1', [stream]);
    await client.end();
    expect(event!.recordedAt).toBe((rows[0].recorded_at as Date).toISOString());
    expect(typeof event!.revision).toBe('bigint');
    expect(typeof event!.position).toBe('bigint');
  });

  it('wakes a subscriber of another store instance (another process) through NOTIFY, also after a burst', async () => {
    const other = new PostgresEventStore(url, { pollIntervalMs: 60_000 }); // it would only poll once a minute
    const seen: StoredEvent[] = [];
    const stream = `burst-${randomUUID()}`;
    const subscription = other.subscribeAll(
      START,
      async (batch) => void seen.push(...batch.filter((e) => e.streamId === stream)),
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 300)); // listening, caught up and asleep
      await store.appendToStreams([{ stream, expected: 'no_stream', events: [anEvent('Alone')] }]);
      await waitUntil(() => seen.length === 1, 3000);
      for (let i = 0; i < 20; i++)
        await store.appendToStreams([{ stream, expected: 'any', events: [anEvent('Burst')] }]);
      await waitUntil(() => seen.length === 21, 3000); // the burst's last append is followed by a NOTIFY too
    } finally {
      await subscription.close();
      await other.close();
    }
  });

  it('lets subscribers at one checkpoint share a read, and none misses an append that came during it', async () => {
    const quiet = new PostgresEventStore(url, { pollIntervalMs: 60_000 }); // only wake-ups deliver in time
    // Slow reads, so that woken subscribers overlap; count identical reads running at once.
    const read = quiet.readAllAndPending.bind(quiet);
    const running = new Map<string, number>();
    let reads = 0;
    let mostAlike = 0;
    jest.spyOn(quiet, 'readAllAndPending').mockImplementation(async (from, limit) => {
      const key = `${from}:${limit}`;
      running.set(key, (running.get(key) ?? 0) + 1);
      reads++;
      mostAlike = Math.max(mostAlike, running.get(key)!);
      try {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return await read(from, limit);
      } finally {
        running.set(key, running.get(key)! - 1);
      }
    });
    const subscribers = Array.from({ length: 10 }, () => {
      const seen: StoredEvent[] = [];
      const subscription = quiet.subscribeAll(START, async (batch) => void seen.push(...batch));
      return { seen, subscription };
    });
    try {
      await waitUntil(() => reads >= 1);
      await new Promise((resolve) => setTimeout(resolve, 150)); // all caught up and asleep
      mostAlike = 0;
      await quiet.appendToStreams([{ stream: 'shared-1', expected: 'no_stream', events: [anEvent('One')] }]);
      await waitUntil(() => subscribers.every(({ seen }) => seen.length === 1));
      // One wake-up: every read of one checkpoint, also the retries while the horizon holds it back, is shared.
      expect(mostAlike).toBe(1);

      // Appends landing while reads are in flight: each subscriber still gets every event, once, in order.
      for (let i = 0; i < 30; i++) {
        await quiet.appendToStreams([{ stream: 'shared-1', expected: 'any', events: [anEvent(`E${i}`)] }]);
        if (i % 3 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      await waitUntil(() => subscribers.every(({ seen }) => seen.length === 31), 3000);
      const expected = (await readEverything(quiet)).map((e) => e.id);
      for (const { seen } of subscribers) expect(seen.map((e) => e.id)).toEqual(expected);
    } finally {
      await Promise.all(subscribers.map(({ subscription }) => subscription.close()));
      await quiet.close();
    }
  });

  it('delivers events an older running transaction held back once it ends, with no append to wake the reader', async () => {
    const quiet = new PostgresEventStore(url, { pollIntervalMs: 60_000, horizonRetryMs: 5 });
    const stream = `held-${randomUUID()}`;
    const seen: StoredEvent[] = [];
    const subscription = quiet.subscribeAll(
      START,
      async (batch) => void seen.push(...batch.filter((e) => e.streamId === stream)),
    );
    // An older transaction with an id: events committed after it began stay unreadable until it ends.
    const older = new pg.Client({ connectionString: url });
    await older.connect();
    await older.query('BEGIN');
    await older.query('SELECT pg_current_xact_id()');
    let open = true;
    try {
      await new Promise((resolve) => setTimeout(resolve, 200)); // caught up and asleep for a minute
      const before = await quiet.headCheckpoint();
      await quiet.appendToStreams([{ stream, expected: 'no_stream', events: [anEvent('Held')] }]);
      // The one read answers no event and that one is pending; after it, nothing is.
      expect(await quiet.readAllAndPending(before, 10)).toEqual({ events: [], pending: true });
      expect(await quiet.readAllAndPending(await quiet.headCheckpoint(), 10)).toEqual({
        events: [],
        pending: false,
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(seen).toHaveLength(0); // woken, read nothing, and retrying while the horizon holds
      await older.query('COMMIT');
      open = false;
      // No append and no NOTIFY wakes it now: only the retry of a read that saw the event pending.
      await waitUntil(() => seen.length === 1, 3000);
    } finally {
      if (open) await older.query('ROLLBACK');
      await older.end();
      await subscription.close();
      await quiet.close();
    }
  });

  it('treats two racing retries of one append as one append', async () => {
    const events = [anEvent('PaymentLogged')];
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () =>
        store.appendToStreams([{ stream: `pay-${randomUUID()}`, expected: 'any', events }]),
      ),
    );
    const fulfilled = results.filter((r) => r.status === 'fulfilled');
    expect(fulfilled.length).toBeGreaterThanOrEqual(1);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query('SELECT count(*)::int AS n FROM events WHERE event_id = $1', [
      events[0]!.id,
    ]);
    await client.end();
    expect(rows[0].n).toBe(1);
  });
});
