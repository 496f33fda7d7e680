import { Migration } from '@mikro-orm/migrations';
import { EVENT_CHAIN_BACKFILL, EVENT_CHAIN_SCHEMA } from '#engine/schema.js';

/**
 * append_events v3 as this migration ran it (frozen: a migration's text never changes; the live version is the
 * engine's EVENT_STORE_APPEND_V4, this text run with generic plans): v2 plus the company hash chain.
 */
export const EVENT_STORE_APPEND_V3 = `

-- p_streams, p_expected, p_counts: one entry per stream; p_expected is a revision, -1 for no_stream, -2 for any.
-- p_events: a jsonb array of [id, type, data, metadata], stream after stream, p_counts[i] of them for
-- p_streams[i]. Returns the last revision of each stream (in p_streams order), the position and transaction id
-- of the append's last event, and duplicate = true when the append ran before (its events exist; nothing was
-- appended). Raises SQLSTATE SL001 on a wrong expected revision (DETAIL holds stream|expected|actual), SL002 when
-- only some of the event ids exist already (or in other streams), and 23505 on events_event_id_key when an
-- event id exists already and no expected revision failed first (an 'any' append retried): the caller then
-- looks the events up. Version 3 also links every event into its company's hash chain (see
-- EVENT_CHAIN_SCHEMA) under a per-company lock. Call it first in its transaction (the adapter runs it alone): a transaction that
-- already holds an id cannot take it after the stream locks.
CREATE OR REPLACE FUNCTION append_events(
  p_streams text[], p_expected bigint[], p_counts int[], p_events jsonb,
  OUT revisions bigint[], OUT last_position bigint, OUT xid xid8, OUT duplicate boolean
) LANGUAGE plpgsql AS $$
DECLARE
  v_streams int := cardinality(p_streams);
  v_total int := jsonb_array_length(p_events);
  v_key bigint;
  v_start bigint;
  v_starts bigint[];
  v_actual bigint;
  v_found int;
  i int;
  v_n int;
  v_k int := 0;
  v_event jsonb;
  v_companies text[];
  v_company int;
  v_head_seqs bigint[];
  v_head_hashes bytea[];
  v_seqs bigint[];
  v_hashes bytea[];
BEGIN
  -- 1. Stream locks, before anything gives this transaction its id (advisory locks need none). Sorted by key,
  --    so appends to overlapping streams cannot deadlock; two streams sharing a key only wait for each other.
  IF v_streams = 1 THEN
    IF v_total < 1 OR p_counts[1] IS DISTINCT FROM v_total OR cardinality(p_expected) <> 1 THEN
      RAISE EXCEPTION 'append_events: streams, expected revisions, counts and events do not match'
        USING ERRCODE = 'invalid_parameter_value';
    END IF;
    PERFORM pg_advisory_xact_lock(hashtextextended(p_streams[1], 0));
  ELSE
    IF coalesce(v_streams, 0) = 0 OR cardinality(p_expected) <> v_streams OR cardinality(p_counts) <> v_streams
       OR 1 > ANY (p_counts) OR (SELECT sum(c) FROM unnest(p_counts) AS c) <> v_total THEN
      RAISE EXCEPTION 'append_events: streams, expected revisions, counts and events do not match'
        USING ERRCODE = 'invalid_parameter_value';
    END IF;
    FOREACH v_key IN ARRAY ARRAY(SELECT DISTINCT hashtextextended(s, 0) FROM unnest(p_streams) AS s ORDER BY 1) LOOP
      PERFORM pg_advisory_xact_lock(v_key);
    END LOOP;
  END IF;

  -- 1b. The hash chain's lock of each company the events belong to, after the stream locks (so two
  --     appends cannot deadlock: none waits for a stream lock while holding a chain lock) and before the
  --     transaction id: one company's appends take their ids, and their links, in one order.
  IF v_total = 1 THEN
    v_companies := ARRAY[coalesce(p_events->0->3->>'companyId', '')];
  ELSE
    v_companies := ARRAY(SELECT DISTINCT coalesce(x.e->3->>'companyId', '')
                           FROM jsonb_array_elements(p_events) AS x(e) ORDER BY 1);
  END IF;
  FOR i IN 1 .. cardinality(v_companies) LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended('event-chain:' || v_companies[i], 0));
  END LOOP;

  -- 2. Expected revisions; the first write gives the transaction its id. Idempotency costs nothing here: a
  --    retried append fails its expected revision (or, for 'any', the event id key), and only then do we look
  --    whether its events exist (under the locks, so a racing identical retry waits and finds them).
  FOR i IN 1 .. v_streams LOOP
    IF p_expected[i] = -1 THEN
      INSERT INTO streams (stream_id, revision) VALUES (p_streams[i], p_counts[i] - 1)
        ON CONFLICT ON CONSTRAINT streams_pkey DO NOTHING;
      v_start := CASE WHEN FOUND THEN 0 END;
    ELSIF p_expected[i] = -2 THEN
      INSERT INTO streams AS s (stream_id, revision) VALUES (p_streams[i], p_counts[i] - 1)
        ON CONFLICT ON CONSTRAINT streams_pkey DO UPDATE SET revision = s.revision + p_counts[i]
        RETURNING s.revision - p_counts[i] + 1 INTO v_start;
    ELSE
      UPDATE streams s SET revision = p_expected[i] + p_counts[i]
        WHERE s.stream_id = p_streams[i] AND s.revision = p_expected[i];
      v_start := CASE WHEN FOUND THEN p_expected[i] + 1 END;
    END IF;

    IF v_start IS NULL THEN
      -- Wrong expected revision. Before the first write (i = 1) an append that ran before answers duplicate;
      -- later the caller looks (returning now would commit the earlier streams' revisions).
      IF i = 1 AND EXISTS (SELECT 1 FROM events e WHERE e.event_id = (p_events->0->>0)::uuid) THEN
        SELECT count(*)::int, max(e.position), max(e.transaction_id) INTO v_found, last_position, xid
          FROM events e
         WHERE e.event_id IN (SELECT (x.e->>0)::uuid FROM jsonb_array_elements(p_events) AS x(e));
        SELECT array_agg(r.revision ORDER BY r.ord) INTO revisions
          FROM (SELECT st.ord, max(e.revision) AS revision
                  FROM unnest(p_streams) WITH ORDINALITY AS st(stream_id, ord)
                  LEFT JOIN events e ON e.stream_id = st.stream_id
                    AND e.event_id IN (SELECT (x.e->>0)::uuid FROM jsonb_array_elements(p_events) AS x(e))
                 GROUP BY st.ord) AS r;
        IF v_found < v_total OR array_position(revisions, NULL) IS NOT NULL THEN
          RAISE EXCEPTION 'some events of this append exist already' USING ERRCODE = 'SL002';
        END IF;
        duplicate := true;
        RETURN;
      END IF;
      SELECT s.revision INTO v_actual FROM streams s WHERE s.stream_id = p_streams[i];
      RAISE EXCEPTION 'wrong expected revision' USING ERRCODE = 'SL001',
        DETAIL = p_streams[i] || '|' || CASE WHEN p_expected[i] = -1 THEN 'no_stream' ELSE p_expected[i]::text END
                 || '|' || coalesce(v_actual::text, 'no_stream');
    END IF;
    v_starts[i] := v_start;
    revisions[i] := v_start + p_counts[i] - 1;
  END LOOP;
  xid := pg_current_xact_id();
  duplicate := false;

  -- 3. Each event's link: its company's next number and sha256(previous link's hash, the event), in event order.
  SELECT array_agg(coalesce(h.seq, 0) ORDER BY c.ord), array_agg(coalesce(h.hash, ''::bytea) ORDER BY c.ord)
    INTO v_head_seqs, v_head_hashes
    FROM unnest(v_companies) WITH ORDINALITY AS c(company_id, ord)
    LEFT JOIN event_chain_heads h ON h.company_id = c.company_id;
  FOR i IN 1 .. v_streams LOOP
    FOR v_n IN 0 .. p_counts[i] - 1 LOOP
      v_event := p_events -> v_k;
      v_company := CASE WHEN cardinality(v_companies) = 1 THEN 1
                        ELSE array_position(v_companies, coalesce(v_event->3->>'companyId', '')) END;
      v_head_seqs[v_company] := v_head_seqs[v_company] + 1;
      v_head_hashes[v_company] := event_chain_hash(v_head_hashes[v_company], v_head_seqs[v_company], p_streams[i],
        v_starts[i] + v_n, (v_event->>0)::uuid, v_event->>1, v_event->2, v_event->3);
      v_k := v_k + 1;
      v_seqs[v_k] := v_head_seqs[v_company];
      v_hashes[v_k] := v_head_hashes[v_company];
    END LOOP;
  END LOOP;
  INSERT INTO event_chain_heads (company_id, seq, hash)
    SELECT * FROM unnest(v_companies, v_head_seqs, v_head_hashes)
    ON CONFLICT (company_id) DO UPDATE SET seq = EXCLUDED.seq, hash = EXCLUDED.hash;

  -- 4. The events, in order: positions follow revisions inside each stream.
  IF v_total = 1 THEN
    INSERT INTO events (stream_id, revision, event_id, type, data, metadata, transaction_id, chain_seq, chain_hash)
      VALUES (p_streams[1], v_start, (p_events->0->>0)::uuid, p_events->0->>1, p_events->0->2,
              p_events->0->3, xid, v_seqs[1], v_hashes[1])
      RETURNING events.position INTO last_position;
  ELSE
    WITH inserted AS (
      INSERT INTO events (stream_id, revision, event_id, type, data, metadata, transaction_id, chain_seq, chain_hash)
      SELECT st.stream_id, st.start + k.k, (ev.e->>0)::uuid, ev.e->>1, ev.e->2, ev.e->3, xid,
             v_seqs[st.first + k.k + 1], v_hashes[st.first + k.k + 1]
        FROM (SELECT u.stream_id, u.start, u.n, (sum(u.n) OVER (ORDER BY u.ord) - u.n)::int AS first
                FROM unnest(p_streams, v_starts, p_counts) WITH ORDINALITY AS u(stream_id, start, n, ord)) AS st
       CROSS JOIN LATERAL generate_series(0, st.n - 1) AS k(k)
       CROSS JOIN LATERAL (SELECT p_events -> (st.first + k.k) AS e) AS ev
       ORDER BY st.first + k.k
      RETURNING events.position
    )
    SELECT max(inserted.position) INTO last_position FROM inserted;
  END IF;
END;
$$;
`;

/**
 * The per-company event hash chain: `events.chain_seq` / `chain_hash`, `event_chain_heads`, the
 * events appended so far linked in their global order (one pass over the table, in this migration's transaction),
 * then append_events v3, which links every new event as it is appended.
 */
export class Migration20261127001800_event_chain extends Migration {
  override name = 'Migration20261127001800_event_chain';

  override up(): void {
    this.addSql(EVENT_CHAIN_SCHEMA);
    this.addSql(EVENT_CHAIN_BACKFILL);
    this.addSql(EVENT_STORE_APPEND_V3);
  }
}
