import { Migration } from '@mikro-orm/migrations';
import { INVOICE_REPLACEMENT_SCHEMA } from '#projections/invoices/invoice.projection.js';

/**
 * 'Replace' on a cancelled invoice: the invoice rows name the invoice they replace and the one that
 * replaced them. Both come from events that did not exist before, so no row needs a rebuild.
 */
export class Migration20261127002240_invoice_replacements extends Migration {
  override name = 'Migration20261127002240_invoice_replacements';

  override up(): void {
    this.addSql(INVOICE_REPLACEMENT_SCHEMA);
  }
}
