import { Migration } from '@mikro-orm/migrations';
import { CUSTOMER_ACCOUNT_ENTRY_SCHEMA } from '#projections/accounts/customer-account.projection.js';

/**
 * A customer's account entries as rows of their own (rm_customer_account_entry) instead of one jsonb column rewritten
 * by every account event: the table and its indexes, the entry count on the account's row, the entries copied from
 * the column (the statement reads them until the rebuild), and the column dropped. The customer_accounts projection's
 * version 2 rebuilds both tables from the events.
 */
export class Migration20261203031500_customer_account_entries extends Migration {
  override name = 'Migration20261203031500_customer_account_entries';

  override up(): void {
    this.addSql(CUSTOMER_ACCOUNT_ENTRY_SCHEMA);
  }
}
