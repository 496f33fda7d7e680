import { Migration } from '@mikro-orm/migrations';
import { INVENTORY_SCHEMA } from '#projections/inventory/inventory.schema.js';

/** Inventory: stock per product, what each invoice takes from it, and the history of movements. */
export class Migration20261125001600_inventory extends Migration {
  override name = 'Migration20261125001600_inventory';

  override up(): void {
    this.addSql(INVENTORY_SCHEMA);
  }
}
