import { Migration } from '@mikro-orm/migrations';
import { SALES_BY_DAY_INDEX } from '#projections/products/product-sales.schema.js';

/** The dashboard's and reports' product stats read only the period's sale lines, from one index. */
export class Migration20261125002300_sales_by_day_index extends Migration {
  override name = 'Migration20261125002300_sales_by_day_index';

  override up(): void {
    this.addSql(SALES_BY_DAY_INDEX);
  }
}
