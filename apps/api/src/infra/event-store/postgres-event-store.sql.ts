/**
 * The Postgres event store schema (ARCHITECTURE §3, research/performance.md §2 approach A).
 *
 * - `events.transaction_id` records the appending transaction (xid8). Readers only return events whose
 *   transaction id is below the oldest transaction still running (`pg_snapshot_xmin`): every such transaction
 *   has either committed or rolled back, so the prefix they read can no longer change. A late commit stalls
 *   readers for a moment; it is never skipped.
 * - Checkpoints are the (transaction_id, position) pair, compared as a row: positions alone can be out of order
 *   with respect to transaction ids.
 * - `streams` holds each stream's revision; the expected-revision check is an UPDATE … WHERE revision = expected,
 *   so concurrent writers of one stream serialise on that row and nothing else (no global lock).
 * - `append_events` does a whole multi-stream append in one round trip.
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
