import { Migration } from '@mikro-orm/migrations';
import { INVENTORY_ON_DEAL_SCHEMA } from '#projections/inventory/inventory.schema.js';

/**
 * Inventory history rows say whether an invoice movement's line is on deal (the client's specification's on_deal):
 * the columns; the inventory projection's version 2 fills them by a rebuild.
 */
export class Migration20261128004100_inventory_on_deal extends Migration {
  override name = 'Migration20261128004100_inventory_on_deal';

  override up(): void {
    this.addSql(INVENTORY_ON_DEAL_SCHEMA);
  }
}
