import { Migration } from '@mikro-orm/migrations';
import { STAMPS_SCHEMA_V3 } from '#projections/stamps/stamp-ledger.projection.js';

/** Stamps that follow credited goods in the stamp log: their kinds and the credit memo's number. */
export class Migration20261129110000_goods_stamps extends Migration {
  override name = 'Migration20261129110000_goods_stamps';

  override up(): void {
    this.addSql(STAMPS_SCHEMA_V3);
  }
}
