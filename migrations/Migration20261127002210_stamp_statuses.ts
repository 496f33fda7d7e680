import { Migration } from '@mikro-orm/migrations';
import { STAMPS_SCHEMA_V2 } from '#projections/stamps/stamp-ledger.projection.js';

/** Lost, stolen, voided, returned and replaced stamps in the stamp read models. */
export class Migration20261127002210_stamp_statuses extends Migration {
  override name = 'Migration20261127002210_stamp_statuses';

  override up(): void {
    this.addSql(STAMPS_SCHEMA_V2);
  }
}
