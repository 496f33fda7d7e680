import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describeEventStoreContract, anEvent, waitUntil } from '../../apps/api/src/infra/event-store/event-store.contract.js';
import { START, type StoredEvent } from '../../apps/api/src/infra/event-store/event-store.port.js';
import { PostgresEventStore } from '../../apps/api/src/infra/event-store/postgres.event-store.js';
import { createTestDatabase } from '../support/database.js';

async function openStore() {
  const db = await createTestDatabase('event_store');
  const store = new PostgresEventStore(db.url, { pollIntervalMs: 200 });
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
    append: (stream: string, type: string) => {
      const event = anEvent(type);
      return client.query(
        `SELECT * FROM append_events($1::text[], $2::bigint[], $3::int[], $4::uuid[], $5::text[], $6::jsonb[], $7::jsonb[])`,
        [[stream], ['-1'], [1], [event.id], [event.type], [JSON.stringify(event.data)], [JSON.stringify(event.metadata)]],
      );
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
      await store.appendToStreams([{ stream: 'invoice-fast', expected: 'no_stream', events: [anEvent('Fast')] }]);
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
      await store.appendToStreams([{ stream: 'invoice-young', expected: 'no_stream', events: [anEvent('Young')] }]);
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
            await store.appendToStreams([{ stream: `w${w}-${i}`, expected: 'no_stream', events: [anEvent(`E${w}-${i}`)] }]);
          }
        })(),
      );
      await Promise.all(writers);
      await waitUntil(() => seen.length >= 200, 10000);
      expect(new Set(seen.map((e) => e.id)).size).toBe(200);
      expect(seen).toHaveLength(200);
      for (let i = 1; i < seen.length; i++) expect(store.compareCheckpoints(seen[i - 1]!.checkpoint, seen[i]!.checkpoint)).toBe(-1);
    } finally {
      await subscription.close();
    }
  });

  it('treats two racing retries of one append as one append', async () => {
    const events = [anEvent('PaymentLogged')];
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => store.appendToStreams([{ stream: `pay-${randomUUID()}`, expected: 'any', events }])),
    );
    const fulfilled = results.filter((r) => r.status === 'fulfilled');
    expect(fulfilled.length).toBeGreaterThanOrEqual(1);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query('SELECT count(*)::int AS n FROM events WHERE event_id = $1', [events[0]!.id]);
    await client.end();
    expect(rows[0].n).toBe(1);
  });
});
