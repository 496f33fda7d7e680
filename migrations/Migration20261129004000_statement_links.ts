import { Migration } from '@mikro-orm/migrations';

/**
 * Public links to a customer's statement: a link of the kind 'customer_statement' opens one period of the customer's
 * statement, kept in `scope` ({ from, to }) so a link opens that period and no other.
 */
export class Migration20261129004000_statement_links extends Migration {
  override name = 'Migration20261129004000_statement_links';

  override up(): void {
    this.addSql(`
ALTER TABLE public_link ADD COLUMN IF NOT EXISTS scope jsonb;
ALTER TABLE public_link DROP CONSTRAINT IF EXISTS public_link_kind_check;
ALTER TABLE public_link ADD CONSTRAINT public_link_kind_check
  CHECK (kind IN ('invoice', 'order', 'customer_balance', 'customer_statement'));
`);
  }
}
