import { Migration } from '@mikro-orm/migrations';
import { LAST_PRICE_INDEX } from '#projections/invoices/last-invoiced-prices.js';

/** The last-invoiced-price look-up reads one index entry per product, whatever the customer's history. */
export class Migration20261125002210_last_price_index extends Migration {
  override name = 'Migration20261125002210_last_price_index';

  override up(): void {
    this.addSql(LAST_PRICE_INDEX);
  }
}
