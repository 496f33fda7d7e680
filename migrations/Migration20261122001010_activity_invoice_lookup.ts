import { Migration } from '@mikro-orm/migrations';
import { ACTIVITY_INVOICE_INDEX } from '#projections/activity/activity.projection.js';

/**
 * The client's specification: the activity projection (v2) logs invoice and payment activity and finds an invoice's
 * number by its id in its own INVOICE CREATE row; this index serves that lookup. The table keeps its shape.
 */
export class Migration20261122001010_activity_invoice_lookup extends Migration {
  override name = 'Migration20261122001010_activity_invoice_lookup';

  override up(): void {
    this.addSql(ACTIVITY_INVOICE_INDEX);
  }
}
