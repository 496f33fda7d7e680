import { Migration } from '@mikro-orm/migrations';
import { INVOICE_NUMBER_SEARCH_INDEX } from '#projections/invoices/invoice.projection.js';

/** The invoice grid's number search probes an index instead of reading every invoice of the company. */
export class Migration20261127003100_invoice_number_search_index extends Migration {
  override name = 'Migration20261127003100_invoice_number_search_index';

  override up(): void {
    this.addSql(INVOICE_NUMBER_SEARCH_INDEX);
  }
}
