import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { anEvent } from '#engine/event-store/event-store.contract.js';
import { EVENT_CHAIN_BACKFILL, EVENT_STORE_APPEND_V4 } from '#engine/schema.js';
import { EVENT_STORE_APPEND_V2 } from '../../migrations/Migration20261122000600_event_store_append_v2.js';
import { PostgresEventStore } from '#engine';
import { createTestDatabase } from '../support/database.js';

/** The per-company event hash chain of the Postgres store. */
describe('Event hash chain (Postgres)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: PostgresEventStore;
  let sql: pg.Pool;

  beforeAll(async () => {
    db = await createTestDatabase('event_chain');
    store = new PostgresEventStore(db.url);
    await store.ensureSchema();
    sql = new pg.Pool({ connectionString: db.url, max: 2 });
    sql.on('error', () => {}); // an idle connection cut when the database is dropped at the end
  });
  afterAll(async () => {
    await sql.end();
    await store.close();
    await db.drop();
  });

  const company = () => `co-${randomUUID()}`;
  const append = (stream: string, companyId: string, n = 1) =>
    store.appendToStreams([
      {
        stream,
        expected: 'any',
        events: Array.from({ length: n }, (_, i) => anEvent(`E${i}`, { i }, companyId)),
      },
    ]);
  const links = async (companyId: string) =>
    (
      await sql.query<{ seq: string; stream_id: string; revision: string }>(
        `SELECT chain_seq::text AS seq, stream_id, revision::text FROM events
          WHERE metadata->>'companyId' = $1 ORDER BY transaction_id, position`,
        [companyId],
      )
    ).rows;

  it("numbers each company's events 1, 2, 3 … in their global order, apart from other companies", async () => {
    const [a, b] = [company(), company()];
    await append(`invoice-${randomUUID()}`, a, 2);
    await append(`invoice-${randomUUID()}`, b);
    // One atomic append over streams of both companies.
    await store.appendToStreams([
      { stream: `stamps-${a}`, expected: 'no_stream', events: [anEvent('S', {}, a)] },
      { stream: `stamps-${b}`, expected: 'no_stream', events: [anEvent('S', {}, b), anEvent('T', {}, b)] },
    ]);
    expect((await links(a)).map((l) => l.seq)).toEqual(['1', '2', '3']);
    expect((await links(b)).map((l) => l.seq)).toEqual(['1', '2', '3']);
    const verified = await store.verifyChain(a);
    expect(verified).toMatchObject({ checked: 3, broken: null, head: { seq: '3' } });
    expect(verified.head!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await store.verifyChain(b)).broken).toBeNull();
  });

  it('keeps one unbroken chain when one company appends to many streams at once', async () => {
    const a = company();
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => append(`payment-${i}-${randomUUID()}`, a, 1 + (i % 3))),
    );
    const seqs = (await links(a)).map((l) => Number(l.seq));
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    expect(await store.verifyChain(a)).toMatchObject({ checked: seqs.length, broken: null });
  });

  it('names the first changed event, the first removed one, removed last events and an event with no link', async () => {
    const a = company();
    for (let i = 0; i < 5; i++) await append(`invoice-${randomUUID()}`, a);
    const rows = (
      await sql.query<{ position: string; stream_id: string; event_id: string }>(
        `SELECT position::text, stream_id, event_id::text FROM events WHERE metadata->>'companyId' = $1
          ORDER BY chain_seq`,
        [a],
      )
    ).rows;
    const headBefore = (await store.verifyChain(a)).head;

    // A changed amount in event 3 (and in 4, which must not be the one named).
    await sql.query(`UPDATE events SET data = '{"i": 99}' WHERE position = ANY($1::bigint[])`, [
      [rows[2]!.position, rows[3]!.position],
    ]);
    expect(await store.verifyChain(a)).toMatchObject({
      checked: 2,
      broken: {
        seq: '3',
        position: rows[2]!.position,
        streamId: rows[2]!.stream_id,
        eventId: rows[2]!.event_id,
        reason: "the event does not match its link's hash (the event or its hash was changed)",
      },
    });
    await sql.query(`UPDATE events SET data = '{"i": 0}' WHERE position = ANY($1::bigint[])`, [
      [rows[2]!.position, rows[3]!.position],
    ]);
    expect((await store.verifyChain(a)).broken).toBeNull();

    // Event 2 removed.
    const second = await sql.query(`DELETE FROM events WHERE position = $1 RETURNING *`, [rows[1]!.position]);
    expect((await store.verifyChain(a)).broken).toMatchObject({
      seq: '3',
      reason: 'link 2 is missing: the next link found is 3 (an event was removed)',
    });
    const r = second.rows[0];
    await sql.query(
      `INSERT INTO events (position, transaction_id, stream_id, revision, event_id, type, data, metadata, recorded_at,
         chain_seq, chain_hash) OVERRIDING SYSTEM VALUE VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        r.position,
        r.transaction_id,
        r.stream_id,
        r.revision,
        r.event_id,
        r.type,
        r.data,
        r.metadata,
        r.recorded_at,
        r.chain_seq,
        r.chain_hash,
      ],
    );
    expect((await store.verifyChain(a)).broken).toBeNull();

    // The last event removed: the chain ends before its recorded head.
    await sql.query(`DELETE FROM events WHERE position = $1`, [rows[4]!.position]);
    expect((await store.verifyChain(a)).broken).toMatchObject({
      seq: '5',
      reason:
        'the chain ends at link 4 but its recorded head is link 5 (the last events were removed, or the head was changed)',
    });
    expect(headBefore!.seq).toBe('5');

    // An event written around append_events (no link).
    const b = company();
    await append(`invoice-${randomUUID()}`, b);
    const stray = randomUUID();
    await sql.query(
      `INSERT INTO events (stream_id, revision, event_id, type, data, metadata) VALUES ($1, 0, $2, 'X', '{}', $3)`,
      [`invoice-${randomUUID()}`, stray, JSON.stringify({ companyId: b })],
    );
    expect((await store.verifyChain(b)).broken).toMatchObject({
      eventId: stray,
      reason: 'the event has no link (it was written around the event store)',
    });
  });

  it('answers the highest link among given events: the chain head a document was made from', async () => {
    const a = company();
    const first = anEvent('A', {}, a);
    const second = anEvent('B', {}, a);
    await store.appendToStreams([{ stream: `x-${randomUUID()}`, expected: 'no_stream', events: [first] }]);
    await store.appendToStreams([{ stream: `x-${randomUUID()}`, expected: 'no_stream', events: [second] }]);
    const head = await store.chainLinkOf(a, [first.id, second.id]);
    expect(head).toEqual((await store.verifyChain(a)).head);
    expect((await store.chainLinkOf(a, [first.id]))!.seq).toBe('1');
    expect(await store.chainLinkOf(company(), [first.id])).toBeNull();
  });

  it('links the events appended before the chain existed, in global order, and new ones after them', async () => {
    const a = company();
    // As before migration 20261127001800: append_events v2 writes no link.
    await sql.query(EVENT_STORE_APPEND_V2.replace(/^DROP FUNCTION[^\n]*\n/m, ''));
    try {
      for (let i = 0; i < 4; i++) await append(`old-${randomUUID()}`, a, 2);
    } finally {
      await sql.query(EVENT_STORE_APPEND_V4);
    }
    expect((await links(a)).every((l) => l.seq === null)).toBe(true);
    await sql.query(EVENT_CHAIN_BACKFILL);
    expect((await links(a)).map((l) => l.seq)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    await append(`new-${randomUUID()}`, a);
    expect(await store.verifyChain(a)).toMatchObject({ checked: 9, broken: null, head: { seq: '9' } });
    // Run again, the backfill finds nothing to link.
    await sql.query(EVENT_CHAIN_BACKFILL);
    expect(await store.verifyChain(a)).toMatchObject({ checked: 9, broken: null });
  });
});
