import { Migration } from '@mikro-orm/migrations';
import { ACTIVITY_SCHEMA } from '#projections/activity/activity.projection.js';
import { COMPANY_SCHEMA } from '#projections/companies/company.projection.js';
import { PROJECTION_CHECKPOINTS_SCHEMA } from '#engine/schema.js';

/** Projection checkpoints and the first read models. */
export class Migration20261121000300_projections extends Migration {
  override name = 'Migration20261121000300_projections';

  override up(): void {
    this.addSql(PROJECTION_CHECKPOINTS_SCHEMA);
    this.addSql(ACTIVITY_SCHEMA);
    this.addSql(COMPANY_SCHEMA);
  }
}
