import { Migration } from '@mikro-orm/migrations';
import { COMPANY_DELIVERY_SCHEMA } from '#projections/companies/company.projection.js';

/**
 * The company's default means of delivery and carrier, printed on its invoices. Events written before them carry
 * none, which is what the column defaults say: no rebuild is needed.
 */
export class Migration20261130020100_company_delivery extends Migration {
  override name = 'Migration20261130020100_company_delivery';

  override up(): void {
    this.addSql(COMPANY_DELIVERY_SCHEMA);
  }
}
