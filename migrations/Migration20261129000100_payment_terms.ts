import { Migration } from '@mikro-orm/migrations';
import { COMPANY_PAYMENT_TERMS_SCHEMA } from '#projections/companies/company.projection.js';
import { CUSTOMER_PAYMENT_TERMS_SCHEMA } from '#projections/customers/customer.projection.js';

/**
 * Payment terms: the company's (on delivery until its settings say otherwise) and the customer's own (none: the
 * company's). Events written before them carry none, which is what the column defaults say: no rebuild is needed.
 */
export class Migration20261129000100_payment_terms extends Migration {
  override name = 'Migration20261129000100_payment_terms';

  override up(): void {
    this.addSql(COMPANY_PAYMENT_TERMS_SCHEMA);
    this.addSql(CUSTOMER_PAYMENT_TERMS_SCHEMA);
  }
}
