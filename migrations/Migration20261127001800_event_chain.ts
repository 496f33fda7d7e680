import { Migration } from '@mikro-orm/migrations';
import { EVENT_CHAIN_BACKFILL, EVENT_CHAIN_SCHEMA, EVENT_STORE_APPEND_V3 } from '#engine/schema.js';

/**
 * The per-company event hash chain: `events.chain_seq` / `chain_hash`, `event_chain_heads`, the
 * events appended so far linked in their global order (one pass over the table, in this migration's transaction),
 * then append_events v3, which links every new event as it is appended.
 */
export class Migration20261127001800_event_chain extends Migration {
  override name = 'Migration20261127001800_event_chain';

  override up(): void {
    this.addSql(EVENT_CHAIN_SCHEMA);
    this.addSql(EVENT_CHAIN_BACKFILL);
    this.addSql(EVENT_STORE_APPEND_V3);
  }
}
