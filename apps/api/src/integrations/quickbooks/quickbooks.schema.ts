/**
 * QuickBooks Online tables, owned by the API (operational state of a connection to another system, not business
 * facts, so they are no projection of events):
 *
 * - `qbo_company`: one row per company that opened QuickBooks: the connection (realm, tokens encrypted with
 *   AES-256-GCM, when the access token expires), the pending OAuth state, and the settings (which documents go,
 *   the schedule and when the next scheduled sync is due).
 * - `qbo_object`: the mapping of each of our objects (customer, item, invoice, payment, credit memo) to its
 *   QuickBooks Id and SyncToken, the content version last sent, and the last outcome.
 * - `qbo_run`: one row per sync run (trigger, status, counts, progress, why it stopped).
 * - `qbo_run_log`: one row per object a run sent or failed.
 */
export const QUICKBOOKS_SCHEMA = `
CREATE TABLE IF NOT EXISTS qbo_company (
  company_id uuid PRIMARY KEY,
  realm_id text,
  access_token text,
  refresh_token text,
  access_expires_at timestamptz,
  connected_at timestamptz,
  oauth_state text,
  oauth_state_expires_at timestamptz,
  invoices text NOT NULL DEFAULT 'all', -- all | delivered | none
  payments boolean NOT NULL DEFAULT true,
  credit_memos boolean NOT NULL DEFAULT true,
  sync_from date NOT NULL,
  schedule text NOT NULL DEFAULT 'off', -- off | hourly | daily
  next_run_at timestamptz,
  updated_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS qbo_company_due_idx ON qbo_company (next_run_at)
  WHERE schedule <> 'off' AND realm_id IS NOT NULL;
CREATE UNIQUE INDEX IF NOT EXISTS qbo_company_state_idx ON qbo_company (oauth_state) WHERE oauth_state IS NOT NULL;

CREATE TABLE IF NOT EXISTS qbo_object (
  company_id uuid NOT NULL,
  kind text NOT NULL, -- customer | item | invoice | payment | credit_memo
  our_id uuid NOT NULL,
  realm_id text NOT NULL,
  label text NOT NULL,
  qbo_id text,
  sync_token text,
  version text, -- the content version last sent with success
  ok boolean NOT NULL,
  error text,
  run_id uuid NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (company_id, kind, our_id)
);

CREATE TABLE IF NOT EXISTS qbo_run (
  run_id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  trigger text NOT NULL, -- manual | schedule
  started_by text,
  status text NOT NULL, -- running | success | failed
  error text,
  total integer NOT NULL DEFAULT 0,
  done integer NOT NULL DEFAULT 0,
  created integer NOT NULL DEFAULT 0,
  updated integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  started_at timestamptz NOT NULL,
  heartbeat_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE INDEX IF NOT EXISTS qbo_run_company_idx ON qbo_run (company_id, started_at DESC);
-- One running sync per company.
CREATE UNIQUE INDEX IF NOT EXISTS qbo_run_running_idx ON qbo_run (company_id) WHERE status = 'running';

CREATE TABLE IF NOT EXISTS qbo_run_log (
  id bigserial PRIMARY KEY,
  run_id uuid NOT NULL,
  company_id uuid NOT NULL,
  kind text NOT NULL,
  our_id uuid NOT NULL,
  label text NOT NULL,
  ok boolean NOT NULL,
  action text NOT NULL, -- created | updated | failed
  qbo_id text,
  message text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS qbo_run_log_run_idx ON qbo_run_log (company_id, run_id, id);
`;
