import { Migration } from '@mikro-orm/migrations';
import { ACTIVITY_FILTER_COLUMNS } from '#projections/activity/activity.projection.js';

/** The activity log's filters (kind, sign-ins apart, user, customer, invoice), each on its own index. */
export class Migration20261128001000_activity_filters extends Migration {
  override name = 'Migration20261128001000_activity_filters';

  override up(): void {
    this.addSql(ACTIVITY_FILTER_COLUMNS);
  }
}
