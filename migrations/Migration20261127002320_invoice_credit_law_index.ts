import { Migration } from '@mikro-orm/migrations';
import { INVOICE_CREDIT_LAW_INDEX } from '#projections/invoices/invoice.projection.js';

/** The dashboard's credit-law alerts read the open liquor-and-wine invoices through a partial index. */
export class Migration20261127002320_invoice_credit_law_index extends Migration {
  override name = 'Migration20261127002320_invoice_credit_law_index';

  override up(): void {
    this.addSql(INVOICE_CREDIT_LAW_INDEX);
  }
}
