import { Migration } from '@mikro-orm/migrations';
import { USUAL_INDEX } from '#projections/invoices/invoice-sales.schema.js';

/** The ordering app's "Your usual": a customer's invoice lines of a period are one range of an index. */
export class Migration20261129002000_usual_products extends Migration {
  override name = 'Migration20261129002000_usual_products';

  override up(): void {
    this.addSql(USUAL_INDEX);
  }
}
