/** The stamp read models' tables (see stamp-ledger.projection.ts for what each holds). */
export const STAMPS_SCHEMA = `
CREATE TABLE IF NOT EXISTS rm_stamp_ledger (
  company_id uuid PRIMARY KEY,
  revision bigint NOT NULL,
  available_count bigint NOT NULL,
  log_count bigint NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE IF NOT EXISTS rm_stamp_roll (
  company_id uuid NOT NULL,
  roll_id int NOT NULL,
  prefix text NOT NULL,
  range_from bigint NOT NULL,
  range_to bigint NOT NULL,
  received_on date NOT NULL,
  recorded_at timestamptz NOT NULL,
  active boolean NOT NULL,
  size bigint NOT NULL,
  available_count bigint NOT NULL,
  invoiced_count bigint NOT NULL,
  destroyed_count bigint NOT NULL,
  first_available bigint,
  available jsonb NOT NULL,
  invoiced jsonb NOT NULL,
  destroyed jsonb NOT NULL,
  finished_at timestamptz,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (company_id, roll_id)
);
CREATE INDEX IF NOT EXISTS rm_stamp_roll_prefix_idx ON rm_stamp_roll (company_id, prefix, range_from);

CREATE TABLE IF NOT EXISTS rm_stamp_log (
  company_id uuid NOT NULL,
  seq bigint NOT NULL,
  event_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('received', 'allocated', 'released', 'destroyed', 'restored')),
  roll_id int NOT NULL,
  prefix text NOT NULL,
  range_from bigint NOT NULL,
  range_to bigint NOT NULL,
  used bigint NOT NULL,
  balance bigint NOT NULL,
  on_hand bigint NOT NULL,
  allocation_id text,
  invoice_id text,
  invoice_number text,
  customer_id text,
  customer_name text,
  customer_tabc_id text,
  note text,
  destroy_id int,
  user_id text,
  logged_at timestamptz NOT NULL,
  PRIMARY KEY (company_id, seq)
);
CREATE INDEX IF NOT EXISTS rm_stamp_log_logged_idx ON rm_stamp_log (company_id, logged_at DESC NULLS LAST, seq);
CREATE INDEX IF NOT EXISTS rm_stamp_log_roll_idx ON rm_stamp_log (company_id, roll_id, range_from);
CREATE INDEX IF NOT EXISTS rm_stamp_log_invoice_idx ON rm_stamp_log (company_id, invoice_id);

CREATE TABLE IF NOT EXISTS rm_stamp_destroyed (
  company_id uuid NOT NULL,
  id int NOT NULL,
  roll_id int NOT NULL,
  prefix text NOT NULL,
  range_from bigint NOT NULL,
  range_to bigint NOT NULL,
  ranges jsonb NOT NULL,
  count bigint NOT NULL,
  not_destroyed jsonb NOT NULL,
  note text,
  destroyed_at timestamptz NOT NULL,
  destroyed_by text,
  restored_at timestamptz,
  restored_by text,
  PRIMARY KEY (company_id, id)
);
`;

/**
 * (Migration20261127002210): stamps lost, stolen, voided or returned to the state leave the roll's
 * stock (`withdrawn`), and the log gets a row per range of such a status and two rows per replacement (one on the
 * replacement stamp, kind 'replacement', one on the stamp it replaces, kind 'replaced').
 */
export const STAMPS_SCHEMA_V2 = `
ALTER TABLE rm_stamp_roll
  ADD COLUMN IF NOT EXISTS withdrawn_count bigint NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS withdrawn jsonb NOT NULL DEFAULT '[]';
-- 'replacement' rows: the stamp replaced; 'replaced' rows: its replacement (AB1005).
ALTER TABLE rm_stamp_log ADD COLUMN IF NOT EXISTS related text;
ALTER TABLE rm_stamp_log DROP CONSTRAINT IF EXISTS rm_stamp_log_kind_check;
ALTER TABLE rm_stamp_log ADD CONSTRAINT rm_stamp_log_kind_check CHECK (kind IN ('received', 'allocated', 'released',
  'destroyed', 'restored', 'lost', 'stolen', 'voided', 'returned_to_state', 'replacement', 'replaced'));
`;

/**
 * (Migration20261129110000): stamps that follow credited goods get log rows of their own ('goods_restocked',
 * 'goods_written_off', 'goods_return_voided', 'reissued'; used 0: they stay affixed, no count moves) naming the
 * credit memo.
 */
export const STAMPS_SCHEMA_V3 = `
ALTER TABLE rm_stamp_log ADD COLUMN IF NOT EXISTS credit_memo_number text;
ALTER TABLE rm_stamp_log DROP CONSTRAINT IF EXISTS rm_stamp_log_kind_check;
ALTER TABLE rm_stamp_log ADD CONSTRAINT rm_stamp_log_kind_check CHECK (kind IN ('received', 'allocated', 'released',
  'destroyed', 'restored', 'lost', 'stolen', 'voided', 'returned_to_state', 'replacement', 'replaced',
  'goods_restocked', 'goods_written_off', 'goods_return_voided', 'reissued'));
`;
