import { Migration } from '@mikro-orm/migrations';
import { ORDER_DRAFT_SCHEMA } from '#projections/orders/order-draft.projection.js';

/**
 * Order drafts: the ordering app's drafts, a read model of their own (`rm_order_draft`, the
 * `order_drafts` projection), so no back-office read of `rm_order` changes.
 */
export class Migration20261127001400_order_drafts extends Migration {
  override name = 'Migration20261127001400_order_drafts';

  override up(): void {
    this.addSql(ORDER_DRAFT_SCHEMA);
  }
}
