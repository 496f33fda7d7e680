import { Migration } from '@mikro-orm/migrations';
import { PAYMENT_CHECK_SCHEMA } from '#projections/invoices/invoice-payment.projection.js';

/**
 * The deposit list: each payment row keeps how it was taken, the check's number and the day it was deposited. Checks
 * come with deliveries, which arrive with this migration, so no row needs a rebuild.
 */
export class Migration20261130020200_check_deposits extends Migration {
  override name = 'Migration20261130020200_check_deposits';

  override up(): void {
    this.addSql(PAYMENT_CHECK_SCHEMA);
  }
}
