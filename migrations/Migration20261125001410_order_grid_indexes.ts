import { Migration } from '@mikro-orm/migrations';
import { ORDER_GRID_INDEXES } from '#projections/orders/order.projection.js';

/**
 * Order grid indexes that match its ORDER BY (`created_at DESC NULLS LAST, id`), replacing the first
 * ones (plain DESC, i.e. NULLS FIRST: every grid request sorted all of the company's orders; at 100,000 orders the
 * first page took as long as the last).
 */
export class Migration20261125001410_order_grid_indexes extends Migration {
  override name = 'Migration20261125001410_order_grid_indexes';

  override up(): void {
    this.addSql(`DROP INDEX IF EXISTS rm_order_company_created_idx;
DROP INDEX IF EXISTS rm_order_company_status_created_idx;
DROP INDEX IF EXISTS rm_order_customer_idx;`);
    this.addSql(ORDER_GRID_INDEXES);
  }
}
