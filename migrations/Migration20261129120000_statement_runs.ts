import { Migration } from '@mikro-orm/migrations';

/**
 * Monthly statement runs: one row per run (a plain table, not a read model: a run is work in progress, not a fact
 * of the event store), so every API process answers its progress and the file of a download run.
 */
export const STATEMENT_RUN_SCHEMA = `
CREATE TABLE IF NOT EXISTS statement_run (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  month text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('email', 'download')),
  status text NOT NULL CHECK (status IN ('running', 'done', 'failed')),
  total integer NOT NULL DEFAULT 0,
  done integer NOT NULL DEFAULT 0,
  quiet integer NOT NULL DEFAULT 0,
  sent integer NOT NULL DEFAULT 0,
  skipped integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  failures jsonb NOT NULL DEFAULT '[]'::jsonb,
  file_key text,
  started_by uuid,
  started_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE INDEX IF NOT EXISTS statement_run_company_idx ON statement_run (company_id, started_at DESC);
`;

export class Migration20261129120000_statement_runs extends Migration {
  override name = 'Migration20261129120000_statement_runs';

  override up(): void {
    this.addSql(STATEMENT_RUN_SCHEMA);
  }
}
