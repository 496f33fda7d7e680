import { Migration } from '@mikro-orm/migrations';
import { CREDIT_MEMO_VOID_INDEX } from '#projections/credits/credit-memo.projection.js';

/** Void credit memos by the instant of their void: the alcohol sales report reads a month's voids through it. */
export class Migration20261130050000_credit_memo_void_index extends Migration {
  override name = 'Migration20261130050000_credit_memo_void_index';

  override up(): void {
    this.addSql(CREDIT_MEMO_VOID_INDEX);
  }
}
