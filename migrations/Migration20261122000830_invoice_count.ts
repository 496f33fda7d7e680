import { Migration } from '@mikro-orm/migrations';
import { INVOICE_COUNT_SCHEMA } from '#projections/invoices/invoice.projection.js';

/** Each company's count of current invoices, kept by the invoice projection (filled from the rows). */
export class Migration20261122000830_invoice_count extends Migration {
  override name = 'Migration20261122000830_invoice_count';

  override up(): void {
    this.addSql(INVOICE_COUNT_SCHEMA);
    this.addSql(`INSERT INTO rm_invoice_count (company_id, live)
      SELECT company_id, count(*) FILTER (WHERE deleted_at IS NULL) FROM rm_invoice GROUP BY company_id
      ON CONFLICT (company_id) DO NOTHING;`);
  }
}
