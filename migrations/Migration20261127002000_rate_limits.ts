import { Migration } from '@mikro-orm/migrations';
import { RATE_LIMITS_SCHEMA } from '#infra/rate-limits/rate-limits.sql.js';

/**
 * The sign-in, reset, login-link, ordering-app sign-in and public-link attempt counters move from each
 * process's memory to one (unlogged) table, so several API processes share their limits.
 */
export class Migration20261127002000_rate_limits extends Migration {
  override name = 'Migration20261127002000_rate_limits';

  override up(): void {
    this.addSql(RATE_LIMITS_SCHEMA);
  }
}
