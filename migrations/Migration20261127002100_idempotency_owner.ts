import { Migration } from '@mikro-orm/migrations';

/**
 * An idempotency claim names the API process running its command (`owner`: the key of the advisory lock that process
 * holds while it lives, `ProcessPresence`): a claim whose process is gone is taken over by the next retry at once.
 */
export class Migration20261127002100_idempotency_owner extends Migration {
  override name = 'Migration20261127002100_idempotency_owner';

  override up(): void {
    this.addSql('ALTER TABLE idempotency_keys ADD COLUMN IF NOT EXISTS owner integer');
  }
}
