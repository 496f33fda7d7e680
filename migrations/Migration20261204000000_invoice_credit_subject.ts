import { Migration } from '@mikro-orm/migrations';
import { INVOICE_CREDIT_SUBJECT_SCHEMA } from '#projections/invoices/invoice.projection.js';

/**
 * Whether the credit law can date an invoice, kept with its row, and the open-invoice index made again to cover what
 * a customer's balance lists. Both are worked out from the rows already there: no read model needs a rebuild.
 */
export class Migration20261204000000_invoice_credit_subject extends Migration {
  override name = 'Migration20261204000000_invoice_credit_subject';

  override up(): void {
    this.addSql(INVOICE_CREDIT_SUBJECT_SCHEMA);
  }
}
