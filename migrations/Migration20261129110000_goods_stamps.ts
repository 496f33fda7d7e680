import { Migration } from '@mikro-orm/migrations';
import { CREDIT_MEMO_STAMPS_SCHEMA } from '#projections/credits/credit-memo.projection.js';
import { STAMPS_SCHEMA_V3 } from '#projections/stamps/stamp-ledger.projection.js';

/**
 * Stamps that follow credited goods: their kinds and the credit memo's number in the stamp log, and each memo's
 * stamps on its row. No stored event carries them yet, so no read model needs a rebuild.
 */
export class Migration20261129110000_goods_stamps extends Migration {
  override name = 'Migration20261129110000_goods_stamps';

  override up(): void {
    this.addSql(STAMPS_SCHEMA_V3);
    this.addSql(CREDIT_MEMO_STAMPS_SCHEMA);
  }
}
