import { Migration } from '@mikro-orm/migrations';
import { SYNC_LOG_BY_INVOICE_INDEX } from '#projections/integrations/integrations.schema.js';

/**
 * Look-ups that answers make for their listed fields, each an index probe bounded by its limit: an invoice's requests
 * to Clover (the sync log by invoice) and a customer user's latest sign-ins (their sessions by time).
 */
export class Migration20261128004000_answer_field_indexes extends Migration {
  override name = 'Migration20261128004000_answer_field_indexes';

  override up(): void {
    this.addSql(SYNC_LOG_BY_INVOICE_INDEX);
    this.addSql(
      `CREATE INDEX IF NOT EXISTS customer_user_sessions_user_time_idx
         ON customer_user_sessions (customer_user_id, created_at DESC);`,
    );
  }
}
