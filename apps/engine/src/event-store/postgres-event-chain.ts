import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { ChainHead, ChainVerification } from './event-store.port.js';

/**
 * Reading and checking the Postgres store's per-company event hash chain (the schema and the hash are
 * in postgres-event-store.sql.ts, EVENT_CHAIN_SCHEMA). The check recomputes every link here, in Node, from the
 * stored columns — not with the database's own function — so a changed row, a removed or inserted link, a head
 * that disagrees, or an event slipped in around append_events (no link) is named by its first occurrence.
 */

/** sha256(previous hash ‖ UTF-8 of the event's lines), as event_chain_hash computes it. */
export function chainLinkHash(
  previous: Buffer,
  link: {
    seq: string;
    streamId: string;
    revision: string;
    eventId: string;
    type: string;
    data: string;
    metadata: string;
  },
): Buffer {
  const text = [
    link.seq,
    link.streamId,
    link.revision,
    link.eventId,
    link.type,
    link.data,
    link.metadata,
  ].join('\n');
  return createHash('sha256').update(previous).update(text, 'utf8').digest();
}

const BATCH = 1000;

type LinkRow = [
  seq: string,
  position: string,
  streamId: string,
  revision: string,
  eventId: string,
  type: string,
  data: string,
  metadata: string,
  hash: Buffer | null,
];

// ORDER BY the column, not the text alias of the same name (which would sort 10 before 2).
const READ_LINKS = `SELECT chain_seq::text, position::text, stream_id, revision::text, event_id::text, type, data::text,
    metadata::text, chain_hash
  FROM events WHERE metadata->>'companyId' = $1 AND chain_seq > $2 ORDER BY events.chain_seq LIMIT $3`;

/** The highest link among the given events of the company (the chain head a document made from them reached). */
export async function chainLinkOf(
  pool: pg.Pool,
  companyId: string,
  eventIds: readonly string[],
): Promise<ChainHead | null> {
  if (eventIds.length === 0) return null;
  const { rows } = await pool.query<{ seq: string; hash: string }>(
    `SELECT chain_seq::text AS seq, encode(chain_hash, 'hex') AS hash FROM events
      WHERE event_id = ANY($1::uuid[]) AND metadata->>'companyId' = $2 AND chain_seq IS NOT NULL
      ORDER BY chain_seq DESC LIMIT 1`,
    [eventIds, companyId],
  );
  return rows[0] ?? null;
}

/** Walks the company's chain from link 1 in batches (index order, bounded memory) and names the first broken link. */
export async function verifyChain(pool: pg.Pool, companyId: string): Promise<ChainVerification> {
  let previous: Buffer = Buffer.alloc(0);
  let expected = 1n;
  let head: ChainHead | null = null;
  for (;;) {
    const { rows } = await pool.query<LinkRow>({
      text: READ_LINKS,
      values: [companyId, (expected - 1n).toString(), BATCH],
      rowMode: 'array',
    });
    for (const [seq, position, streamId, revision, eventId, type, data, metadata, hash] of rows) {
      const broken = (reason: string): ChainVerification => ({
        checked: Number(expected - 1n),
        head,
        broken: { seq, position, streamId, revision, eventId, reason },
      });
      if (BigInt(seq) !== expected)
        return broken(`link ${expected} is missing: the next link found is ${seq} (an event was removed)`);
      const computed = chainLinkHash(previous, { seq, streamId, revision, eventId, type, data, metadata });
      if (!hash || !computed.equals(hash))
        return broken(`the event does not match its link's hash (the event or its hash was changed)`);
      previous = computed;
      head = { seq, hash: computed.toString('hex') };
      expected++;
    }
    if (rows.length < BATCH) break;
  }
  const checked = Number(expected - 1n);
  const kept = await pool.query<{ seq: string; hash: string }>(
    `SELECT seq::text AS seq, encode(hash, 'hex') AS hash FROM event_chain_heads WHERE company_id = $1`,
    [companyId],
  );
  const recorded = kept.rows[0];
  if ((recorded?.seq ?? '0') !== (head?.seq ?? '0') || (recorded && recorded.hash !== head?.hash)) {
    return {
      checked,
      head,
      broken: {
        seq: recorded?.seq ?? '0',
        position: '',
        streamId: '',
        revision: '',
        eventId: '',
        reason: `the chain ends at link ${head?.seq ?? 0} but its recorded head is link ${recorded?.seq ?? 0} (the last events were removed, or the head was changed)`,
      },
    };
  }
  const unlinked = await pool.query<{
    position: string;
    stream_id: string;
    revision: string;
    event_id: string;
  }>(
    `SELECT position::text, stream_id, revision::text, event_id::text FROM events
      WHERE metadata->>'companyId' = $1 AND chain_seq IS NULL ORDER BY position LIMIT 1`,
    [companyId],
  );
  const stray = unlinked.rows[0];
  if (stray) {
    return {
      checked,
      head,
      broken: {
        seq: '',
        position: stray.position,
        streamId: stray.stream_id,
        revision: stray.revision,
        eventId: stray.event_id,
        reason: 'the event has no link (it was written around the event store)',
      },
    };
  }
  return { checked, head, broken: null };
}
