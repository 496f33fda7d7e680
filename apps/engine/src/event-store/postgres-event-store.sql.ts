/**
 * The Postgres event store schema.
 *
 * - `events.transaction_id` records the appending transaction (xid8). Readers only return events whose
 *   transaction id is below the oldest transaction still running (`pg_snapshot_xmin`): every such transaction
 *   has either committed or rolled back, so the prefix they read can no longer change. A late commit stalls
 *   readers for a moment; it is never skipped.
 * - Checkpoints are the (transaction_id, position) pair, compared as a row: positions alone can be out of order
 *   with respect to transaction ids.
 * - `streams` holds each stream's revision; the expected-revision check is an UPDATE … WHERE revision = expected.
 * - `append_events` does a whole multi-stream append in one round trip. It first takes a transaction-scoped
 *   advisory lock per stream (in one global order, so two appends cannot deadlock), and only then lets the
 *   transaction take its id. Two appends to one stream therefore get transaction ids in the order of their
 *   revisions, and the global (transaction_id, position) order keeps every stream's own order. Appends to
 *   different streams never wait for each other (no global lock) — except, since append_events v3,
 *   appends of one company, which take the company's hash-chain lock after their stream locks.
 *
 * EVENT_STORE_SCHEMA is what migration 0100 ran and stays as it was. The append function's versions 2 and 3 are
 * frozen in the migrations that ran them (Migration20261122000600, Migration20261127001800); EVENT_STORE_APPEND_V4
 * is the live one. EVENT_STORE_DDL is the schema as the migrations leave it, in their order.
 */
export const EVENT_STORE_SCHEMA = `
CREATE TABLE IF NOT EXISTS streams (
  stream_id text PRIMARY KEY,
  revision bigint NOT NULL
);

CREATE TABLE IF NOT EXISTS events (
  position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_id text NOT NULL,
  revision bigint NOT NULL,
  event_id uuid NOT NULL,
  type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  CONSTRAINT events_stream_revision_key UNIQUE (stream_id, revision),
  CONSTRAINT events_event_id_key UNIQUE (event_id)
);

CREATE INDEX IF NOT EXISTS events_transaction_position_idx ON events (transaction_id, position);

-- p_expected: a revision, or -1 for no_stream, or -2 for any. Events are given flat, stream after stream,
-- p_counts[i] of them for p_streams[i]. Raises SQLSTATE SL001 on a wrong expected revision (DETAIL holds
-- stream|expected|actual) and SL002 when only some of the event ids exist already.
CREATE OR REPLACE FUNCTION append_events(
  p_streams text[], p_expected bigint[], p_counts int[],
  p_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[]
) RETURNS TABLE (stream_id text, last_revision bigint, last_position bigint, xid xid8, duplicate boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_existing int;
  v_total int := coalesce(array_length(p_ids, 1), 0);
  v_offset int := 0;
  v_start bigint;
  v_actual bigint;
  v_xid xid8 := pg_current_xact_id();
  v_last_position bigint;
  i int;
BEGIN
  SELECT count(*) INTO v_existing FROM events e WHERE e.event_id = ANY(p_ids);
  IF v_existing > 0 THEN
    IF v_existing < v_total THEN
      RAISE EXCEPTION 'some events of this append exist already' USING ERRCODE = 'SL002';
    END IF;
    RETURN QUERY
      SELECT e.stream_id, max(e.revision), max(e.position), max(e.transaction_id), true
      FROM events e WHERE e.event_id = ANY(p_ids) GROUP BY e.stream_id;
    RETURN;
  END IF;

  FOR i IN 1 .. coalesce(array_length(p_streams, 1), 0) LOOP
    IF p_expected[i] = -1 THEN
      INSERT INTO streams AS s (stream_id, revision) VALUES (p_streams[i], p_counts[i] - 1)
        ON CONFLICT ON CONSTRAINT streams_pkey DO NOTHING;
      IF NOT FOUND THEN
        SELECT s.revision INTO v_actual FROM streams s WHERE s.stream_id = p_streams[i];
        RAISE EXCEPTION 'wrong expected revision' USING ERRCODE = 'SL001',
          DETAIL = p_streams[i] || '|no_stream|' || v_actual;
      END IF;
      v_start := 0;
    ELSIF p_expected[i] = -2 THEN
      INSERT INTO streams AS s (stream_id, revision) VALUES (p_streams[i], p_counts[i] - 1)
        ON CONFLICT ON CONSTRAINT streams_pkey DO UPDATE SET revision = s.revision + p_counts[i]
        RETURNING s.revision - p_counts[i] + 1 INTO v_start;
    ELSE
      UPDATE streams s SET revision = p_expected[i] + p_counts[i]
        WHERE s.stream_id = p_streams[i] AND s.revision = p_expected[i];
      IF NOT FOUND THEN
        SELECT s.revision INTO v_actual FROM streams s WHERE s.stream_id = p_streams[i];
        RAISE EXCEPTION 'wrong expected revision' USING ERRCODE = 'SL001',
          DETAIL = p_streams[i] || '|' || p_expected[i] || '|' || coalesce(v_actual::text, 'no_stream');
      END IF;
      v_start := p_expected[i] + 1;
    END IF;

    WITH inserted AS (
      INSERT INTO events (stream_id, revision, event_id, type, data, metadata, transaction_id)
        SELECT p_streams[i], v_start + n - 1, p_ids[v_offset + n], p_types[v_offset + n],
               p_data[v_offset + n], p_metadata[v_offset + n], v_xid
        FROM generate_series(1, p_counts[i]) AS n
        ORDER BY n
        RETURNING events.position
    )
    SELECT max(inserted.position) INTO v_last_position FROM inserted;

    stream_id := p_streams[i];
    last_revision := v_start + p_counts[i] - 1;
    last_position := v_last_position;
    xid := v_xid;
    duplicate := false;
    RETURN NEXT;
    v_offset := v_offset + p_counts[i];
  END LOOP;
END;
$$;
`;

/**
 * The per-company event hash chain (migration 20261127001800). Every event of a company gets a link:
 * `chain_seq` (1, 2, 3 … per company) and `chain_hash` = sha256(previous link's hash ‖ UTF-8 of the lines seq,
 * stream id, revision, event id, type, data as jsonb text, metadata as jsonb text, joined by '\n'). The first link's
 * previous hash is empty. `event_chain_heads` keeps each company's last link, so an append reads one row, never the
 * chain. Not covered: `position`, `transaction_id` and `recorded_at` (the store's own bookkeeping; the command's
 * time, `metadata.occurredAt`, is). The company is `metadata.companyId` ('' when absent).
 */
export const EVENT_CHAIN_SCHEMA = `
ALTER TABLE events ADD COLUMN IF NOT EXISTS chain_seq bigint;
ALTER TABLE events ADD COLUMN IF NOT EXISTS chain_hash bytea;
CREATE INDEX IF NOT EXISTS events_company_chain_idx ON events ((metadata->>'companyId'), chain_seq);

CREATE TABLE IF NOT EXISTS event_chain_heads (
  company_id text PRIMARY KEY,
  seq bigint NOT NULL,
  hash bytea NOT NULL
);

CREATE OR REPLACE FUNCTION event_chain_hash(
  p_prev bytea, p_seq bigint, p_stream text, p_revision bigint, p_event_id uuid, p_type text, p_data jsonb,
  p_metadata jsonb
) RETURNS bytea LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT sha256(p_prev || convert_to(concat_ws(E'\\n', p_seq::text, p_stream, p_revision::text, p_event_id::text,
    p_type, p_data::text, p_metadata::text), 'UTF8'))
$$;
`;

/**
 * Links the events appended before the chain existed, company by company in their global order (transaction id,
 * position), and records each company's head. Runs once, in the migration, before append_events v3 replaces v2
 * (nothing appends while the migrations run); run again it finds nothing unlinked.
 */
export const EVENT_CHAIN_BACKFILL = `
DO $$
DECLARE
  r record;
  v_company text;
  v_seq bigint := 0;
  v_hash bytea := ''::bytea;
BEGIN
  FOR r IN
    SELECT e.position, coalesce(e.metadata->>'companyId', '') AS company, e.stream_id, e.revision, e.event_id,
           e.type, e.data, e.metadata
      FROM events e WHERE e.chain_seq IS NULL
     ORDER BY coalesce(e.metadata->>'companyId', ''), e.transaction_id, e.position
  LOOP
    IF v_company IS DISTINCT FROM r.company THEN
      IF v_company IS NOT NULL THEN
        INSERT INTO event_chain_heads (company_id, seq, hash) VALUES (v_company, v_seq, v_hash)
          ON CONFLICT (company_id) DO UPDATE SET seq = EXCLUDED.seq, hash = EXCLUDED.hash;
      END IF;
      v_company := r.company;
      v_seq := NULL;
      v_hash := NULL;
      SELECT h.seq, h.hash INTO v_seq, v_hash FROM event_chain_heads h WHERE h.company_id = r.company;
      v_seq := coalesce(v_seq, 0);
      v_hash := coalesce(v_hash, ''::bytea);
    END IF;
    v_seq := v_seq + 1;
    v_hash := event_chain_hash(v_hash, v_seq, r.stream_id, r.revision, r.event_id, r.type, r.data, r.metadata);
    UPDATE events SET chain_seq = v_seq, chain_hash = v_hash WHERE position = r.position;
  END LOOP;
  IF v_company IS NOT NULL THEN
    INSERT INTO event_chain_heads (company_id, seq, hash) VALUES (v_company, v_seq, v_hash)
      ON CONFLICT (company_id) DO UPDATE SET seq = EXCLUDED.seq, hash = EXCLUDED.hash;
  END IF;
END;
$$;
`;

/**
 * Version 4 of `append_events` (migration 20261127003200), the live one: the text of version 3 (as its migration,
 * Migration20261127001800, holds it) run with generic plans. Under the default
 * plan cache mode the function's statements over its array arguments (the events insert, the chain heads' read)
 * never settled on a cached plan: Postgres planned them again on every call, a third of the append's time. Their
 * generic plans are the index probes and the one insert they always were.
 */
export const EVENT_STORE_APPEND_V4 = `

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

ALTER FUNCTION append_events(text[], bigint[], int[], jsonb) SET plan_cache_mode = force_generic_plan;
`;

/**
 * Snapshots of long streams: one row per stream, the folded state at `revision` in the shape
 * `version`. Not the source of truth: the events are; deleting every row only makes the next cold loads longer.
 */
export const STREAM_SNAPSHOTS_SCHEMA = `
CREATE TABLE IF NOT EXISTS stream_snapshots (
  stream_id text PRIMARY KEY,
  revision bigint NOT NULL,
  version int NOT NULL,
  state jsonb NOT NULL,
  taken_at timestamptz NOT NULL DEFAULT now()
);
`;

/**
 * The first append function (EVENT_STORE_SCHEMA's, over other arguments) dropped, as the migration of version 2 did
 * first, so the live version is the only append_events.
 */
const DROP_APPEND_V1 = `
DROP FUNCTION IF EXISTS append_events(text[], bigint[], int[], uuid[], text[], jsonb[], jsonb[]);
`;

/**
 * The whole schema as the migrations leave it, in their order (ensureSchema runs it; the migrations run the parts,
 * with the append function's intermediate versions).
 */
export const EVENT_STORE_DDL = [
  EVENT_STORE_SCHEMA,
  DROP_APPEND_V1,
  STREAM_SNAPSHOTS_SCHEMA,
  EVENT_CHAIN_SCHEMA,
  EVENT_CHAIN_BACKFILL,
  EVENT_STORE_APPEND_V4,
].join('\n');
