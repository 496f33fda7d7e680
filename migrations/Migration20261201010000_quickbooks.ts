import { Migration } from '@mikro-orm/migrations';
import { QUICKBOOKS_SCHEMA } from '../apps/api/src/integrations/quickbooks/quickbooks.schema.js';

/** QuickBooks Online: each company's connection and settings, the object mapping, the sync runs and their logs. */
export class Migration20261201010000_quickbooks extends Migration {
  override name = 'Migration20261201010000_quickbooks';

  override up(): void {
    this.addSql(QUICKBOOKS_SCHEMA);
  }
}
