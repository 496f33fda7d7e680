import { Migration } from '@mikro-orm/migrations';
import { CREDIT_MEMO_SCHEMA } from '#projections/credits/credit-memo.projection.js';
import { INVENTORY_CREDITS_SCHEMA } from '#projections/inventory/inventory.schema.js';
import { INVOICE_CREDITS_SCHEMA } from '#projections/invoices/invoice.projection.js';

/**
 * Credit memos: their own read model (the grid and the view), on each invoice its memos and the money they
 * credit, which the balance now subtracts, and the credited goods of each invoice's stock state. No credit memo predates this, so no read model needs a rebuild.
 */
export class Migration20261129003000_credit_memos extends Migration {
  override name = 'Migration20261129003000_credit_memos';

  override up(): void {
    this.addSql(INVOICE_CREDITS_SCHEMA);
    this.addSql(CREDIT_MEMO_SCHEMA);
    this.addSql(INVENTORY_CREDITS_SCHEMA);
  }
}
