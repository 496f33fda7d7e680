import { Migration } from '@mikro-orm/migrations';
import { ACTIVITY_SUCCESS_COLUMN } from '#projections/activity/activity.projection.js';
import { INTEGRATIONS_SCHEMA } from '#projections/integrations/integrations.schema.js';

/** Sync history, sync logs and per-item outcomes of the Bottle POS and Clover integrations; the activity
 * log's Status column (existing rows are facts that happened: Success). */
export class Migration20261127001900_integrations extends Migration {
  override name = 'Migration20261127001900_integrations';

  override up(): void {
    this.addSql(INTEGRATIONS_SCHEMA);
    this.addSql(ACTIVITY_SUCCESS_COLUMN);
  }
}
