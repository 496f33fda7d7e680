/**
 * The attempt counters (sign-in, password reset, login links, the ordering app's sign-in, public-link guesses) live
 * in Postgres, so every API process counts against the same windows: n processes do not give n times the attempts.
 * UNLOGGED: counters need no WAL and no replica (a crash empties them, which only forgives some attempts). The
 * function takes the rows in key order (no deadlock between two hits on the same keys), starts a new window where
 * the old one ended, refuses without counting when any key is at its limit, and otherwise counts one attempt on
 * each; without waiting for a WAL flush. Time is the database's clock, the same for every process.
 */
export const RATE_LIMITS_SCHEMA = `
CREATE UNLOGGED TABLE IF NOT EXISTS rate_limits (
  key text PRIMARY KEY,
  count int NOT NULL,
  reset_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS rate_limits_reset_at_idx ON rate_limits (reset_at);

CREATE OR REPLACE FUNCTION rate_limit_hit(p_keys text[], p_attempts int[], p_window_ms bigint)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  allowed boolean;
  window_end timestamptz := clock_timestamp() + p_window_ms * interval '1 millisecond';
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  INSERT INTO rate_limits (key, count, reset_at)
    SELECT k, 0, window_end FROM unnest(p_keys) AS k ORDER BY k
    ON CONFLICT (key) DO NOTHING;
  PERFORM 1 FROM rate_limits WHERE key = ANY (p_keys) ORDER BY key FOR UPDATE;
  UPDATE rate_limits SET count = 0, reset_at = window_end
   WHERE key = ANY (p_keys) AND reset_at <= clock_timestamp();
  SELECT NOT EXISTS (
    SELECT 1 FROM unnest(p_keys, p_attempts) AS l (key, attempts) JOIN rate_limits r USING (key)
     WHERE r.count >= l.attempts) INTO allowed;
  IF allowed THEN
    UPDATE rate_limits SET count = count + 1 WHERE key = ANY (p_keys);
  END IF;
  RETURN allowed;
END $$;
`;
