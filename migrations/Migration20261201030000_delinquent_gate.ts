import { Migration } from '@mikro-orm/migrations';
import { CUSTOMER_DELINQUENT_OVERRIDES_SCHEMA } from '#projections/customers/customer.projection.js';

/**
 * The delinquent-list gate: the owner's overrides of a listing, on the customer's row. No event of them predates
 * the column, so no rebuild is needed.
 */
export class Migration20261201030000_delinquent_gate extends Migration {
  override name = 'Migration20261201030000_delinquent_gate';

  override up(): void {
    this.addSql(CUSTOMER_DELINQUENT_OVERRIDES_SCHEMA);
  }
}
