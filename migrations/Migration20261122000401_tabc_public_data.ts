import { Migration } from '@mikro-orm/migrations';
import { TABC_SCHEMA } from '../apps/api/src/tabc/tabc.schema.js';

/** The TABC licence list and credit-law delinquent list (loaded by `tabc:import`). */
export class Migration20261122000401_tabc_public_data extends Migration {
  override name = 'Migration20261122000401_tabc_public_data';

  override up(): void {
    this.addSql(TABC_SCHEMA);
  }
}
