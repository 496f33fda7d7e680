import { Migration } from '@mikro-orm/migrations';
import { INVOICE_SALES_SCHEMA } from '#projections/invoices/invoice-sales.schema.js';
import { INVOICE_SCHEMA } from '#projections/invoices/invoice.projection.js';

/** Invoices: the invoice read model, and what the sale lines need for last invoiced prices. */
export class Migration20261122000800_invoices extends Migration {
  override name = 'Migration20261122000800_invoices';

  override up(): void {
    this.addSql(INVOICE_SCHEMA);
    this.addSql(INVOICE_SALES_SCHEMA);
  }
}
