import { Migration } from '@mikro-orm/migrations';
import { PROJECTION_HOLDERS_SCHEMA } from '#engine/schema.js';

/** Projections:status shows which process holds each projection and a takeover. */
export class Migration20261127002010_projection_holders extends Migration {
  override name = 'Migration20261127002010_projection_holders';

  override up(): void {
    this.addSql(PROJECTION_HOLDERS_SCHEMA);
  }
}
