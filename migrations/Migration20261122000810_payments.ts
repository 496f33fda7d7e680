import { Migration } from '@mikro-orm/migrations';
import { PAYMENT_SCHEMA } from '#projections/invoices/invoice-payment.projection.js';

/** Payments: what invoices have been paid, and one row per payment for the payments report. */
export class Migration20261122000810_payments extends Migration {
  override name = 'Migration20261122000810_payments';

  override up(): void {
    this.addSql(PAYMENT_SCHEMA);
  }
}
