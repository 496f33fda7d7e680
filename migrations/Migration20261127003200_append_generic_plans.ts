import { Migration } from '@mikro-orm/migrations';
import { EVENT_STORE_APPEND_V4 } from '#engine/schema.js';

/** Append_events v4, v3 run with generic plans (no planning on every append). */
export class Migration20261127003200_append_generic_plans extends Migration {
  override name = 'Migration20261127003200_append_generic_plans';

  override up(): void {
    this.addSql(EVENT_STORE_APPEND_V4);
  }
}
