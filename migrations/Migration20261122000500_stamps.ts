import { Migration } from '@mikro-orm/migrations';
import { STAMPS_SCHEMA } from '#projections/stamps/stamp-ledger.projection.js';

/** The stamp read models: ledger, rolls, the stamp log / history, destroy records. */
export class Migration20261122000500_stamps extends Migration {
  override name = 'Migration20261122000500_stamps';

  override up(): void {
    this.addSql(STAMPS_SCHEMA);
  }
}
