import { Migration } from '@mikro-orm/migrations';
import { CUSTOMER_LAST_PAYMENT_INDEX } from '#projections/invoices/invoice-payment.projection.js';

/** The customer overview's newest payments: the customer's invoices by the payment logged last on each. */
export class Migration20261129001000_customer_overview extends Migration {
  override name = 'Migration20261129001000_customer_overview';

  override up(): void {
    this.addSql(CUSTOMER_LAST_PAYMENT_INDEX);
  }
}
