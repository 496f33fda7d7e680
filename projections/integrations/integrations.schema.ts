/**
 * Integration read models, owned by the `integrations` projection:
 *
 * - `rm_integration_sync`: one row per sync (partner, kind, status running/success/failed, counts, the reason).
 * - `rm_integration_sync_log`: one row per record of a sync (Time, Type, Data), keyed by event.
 * - `rm_integration_item`: per partner, the last outcome of each invoice and product: what was pushed (fingerprint)
 *   so a retried sync skips it, and the failed ones the sync pages list.
 */
export const INTEGRATIONS_SCHEMA = `
CREATE TABLE IF NOT EXISTS rm_integration_sync (
  sync_id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  partner text NOT NULL,
  kind text NOT NULL,
  scope jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL,
  error text,
  synced integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  started_by text,
  started_at timestamptz NOT NULL,
  completed_at timestamptz
);
CREATE INDEX IF NOT EXISTS rm_integration_sync_company_idx
  ON rm_integration_sync (company_id, partner, started_at DESC);
-- Fintech's sync log is asked for by invoice ids (GET /fintech/sync-log?invoiceIds=…).
CREATE INDEX IF NOT EXISTS rm_integration_sync_invoices_idx
  ON rm_integration_sync USING gin ((scope -> 'invoiceIds')) WHERE partner = 'fintech';
CREATE INDEX IF NOT EXISTS rm_integration_sync_running_idx
  ON rm_integration_sync (started_at) WHERE status = 'running';

CREATE TABLE IF NOT EXISTS rm_integration_sync_log (
  event_id uuid PRIMARY KEY,
  sync_id uuid NOT NULL,
  company_id uuid NOT NULL,
  type text NOT NULL, -- Invoice or Product
  ok boolean NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  position bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS rm_integration_sync_log_sync_idx
  ON rm_integration_sync_log (company_id, sync_id, position);

CREATE TABLE IF NOT EXISTS rm_integration_item (
  company_id uuid NOT NULL,
  partner text NOT NULL,
  kind text NOT NULL, -- invoice, product, or stock (the level an inventory push set; fingerprint 'qty:<n>')
  item_id uuid NOT NULL,
  label text NOT NULL, -- the invoice number or the product's name
  ok boolean NOT NULL,
  fingerprint text, -- of the last push that succeeded
  external_id text,
  error text,
  sync_id uuid NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (company_id, partner, kind, item_id)
);
CREATE INDEX IF NOT EXISTS rm_integration_item_failed_idx
  ON rm_integration_item (company_id, partner, kind, updated_at DESC) WHERE NOT ok;
`;

/**
 * An invoice's requests to a partner (GET /invoice/{id} lists its Clover ones, newest first): the sync log's
 * invoice records by invoice, so the look-up is an index probe however many syncs the company ran
 * (Migration20261128004000_answer_field_indexes).
 */
export const SYNC_LOG_BY_INVOICE_INDEX = `
CREATE INDEX IF NOT EXISTS rm_integration_sync_log_invoice_idx
  ON rm_integration_sync_log (company_id, (data ->> 'invoiceId'), position DESC) WHERE type = 'Invoice';
`;
