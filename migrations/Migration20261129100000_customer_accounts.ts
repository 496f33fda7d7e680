import { Migration } from '@mikro-orm/migrations';
import { CUSTOMER_ACCOUNT_SCHEMA } from '#projections/accounts/customer-account.projection.js';

/**
 * Payments on account: each customer's account (received, applied, refunded, its unapplied credit and its entries).
 * No account event predates this, so no read model needs a rebuild.
 */
export class Migration20261129100000_customer_accounts extends Migration {
  override name = 'Migration20261129100000_customer_accounts';

  override up(): void {
    this.addSql(CUSTOMER_ACCOUNT_SCHEMA);
  }
}
