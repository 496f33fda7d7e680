import { Migration } from '@mikro-orm/migrations';
import { EVENT_STORE_APPEND_V2 } from '#engine/schema.js';

/**
 * append_events v2: stream locks before the transaction id (per-stream order in the global feed), events as one
 * jsonb document, one row back. Drops the v1 signature.
 */
export class Migration20261122000600_event_store_append_v2 extends Migration {
  override name = 'Migration20261122000600_event_store_append_v2';

  override up(): void {
    this.addSql(EVENT_STORE_APPEND_V2);
  }
}
