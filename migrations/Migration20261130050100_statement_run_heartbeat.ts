import { Migration } from '@mikro-orm/migrations';

/** A running statement run's heartbeat: one whose process died reads as failed. Runs before it count as alive now. */
export class Migration20261130050100_statement_run_heartbeat extends Migration {
  override name = 'Migration20261130050100_statement_run_heartbeat';

  override up(): void {
    this.addSql(
      `ALTER TABLE statement_run ADD COLUMN IF NOT EXISTS heartbeat_at timestamptz NOT NULL DEFAULT now();`,
    );
  }
}
