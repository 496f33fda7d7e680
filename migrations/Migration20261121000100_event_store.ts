import { Migration } from '@mikro-orm/migrations';
import { EVENT_STORE_SCHEMA } from '#engine/schema.js';

/** The Postgres event store: streams, events and the one-round-trip append function. */
export class Migration20261121000100_event_store extends Migration {
  override name = 'Migration20261121000100_event_store';

  override up(): void {
    this.addSql(EVENT_STORE_SCHEMA);
  }
}
