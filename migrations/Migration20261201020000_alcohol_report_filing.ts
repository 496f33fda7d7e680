import { Migration } from '@mikro-orm/migrations';
import { ALCOHOL_REPORT_SCHEMA } from '#projections/reports/alcohol-report.projection.js';

/**
 * The filing status of the Comptroller's monthly alcohol sales report (rm_alcohol_report). No stored event carries
 * a filing yet, so no read model needs a rebuild.
 */
export class Migration20261201020000_alcohol_report_filing extends Migration {
  override name = 'Migration20261201020000_alcohol_report_filing';

  override up(): void {
    this.addSql(ALCOHOL_REPORT_SCHEMA);
  }
}
