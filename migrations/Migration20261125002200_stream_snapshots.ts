import { Migration } from '@mikro-orm/migrations';
import { STREAM_SNAPSHOTS_SCHEMA } from '#engine/schema.js';

/** Snapshots of long streams in the event store's database (never the source of truth). */
export class Migration20261125002200_stream_snapshots extends Migration {
  override name = 'Migration20261125002200_stream_snapshots';

  override up(): void {
    this.addSql(STREAM_SNAPSHOTS_SCHEMA);
  }
}
