import { Migration } from '@mikro-orm/migrations';
import { INVOICE_GRID_INDEXES } from '#projections/invoices/invoice.projection.js';

/** Grid indexes that match its ORDER BY (`<sort> DESC NULLS LAST, id`), replacing the first ones. */
export class Migration20261122000820_invoice_grid_indexes extends Migration {
  override name = 'Migration20261122000820_invoice_grid_indexes';

  override up(): void {
    this.addSql(`DROP INDEX IF EXISTS rm_invoice_company_invoiced_idx;
DROP INDEX IF EXISTS rm_invoice_company_status_idx;
DROP INDEX IF EXISTS rm_invoice_company_customer_idx;`);
    this.addSql(INVOICE_GRID_INDEXES);
  }
}
