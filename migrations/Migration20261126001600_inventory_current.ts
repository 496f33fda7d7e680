import { Migration } from '@mikro-orm/migrations';
import {
  INVENTORY_CURRENT_SCHEMA,
  INVENTORY_PRODUCT_NAME_INDEX,
} from '#projections/inventory/inventory.schema.js';

/**
 * 's bench: the inventory grid lists current products from rm_inventory alone (`current`, kept by the
 * inventory projection from the product events), so its count is no join over every product and its default sort
 * reads an index in order; the Distributor and Product filters read indexes too. Existing rows take the flag from
 * rm_product (no row there: not current).
 */
export class Migration20261126001600_inventory_current extends Migration {
  override name = 'Migration20261126001600_inventory_current';

  override up(): void {
    this.addSql(INVENTORY_CURRENT_SCHEMA);
    this.addSql(INVENTORY_PRODUCT_NAME_INDEX);
    this.addSql(
      `UPDATE rm_inventory i SET current = false
        WHERE NOT EXISTS (SELECT 1 FROM rm_product p WHERE p.id = i.id AND p.company_id = i.company_id
                            AND p.deleted_at IS NULL AND NOT p.archived);`,
    );
  }
}
