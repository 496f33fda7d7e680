import { Migration } from '@mikro-orm/migrations';
import { ROUTE_SCHEMA } from '#projections/routes/route.projection.js';

/**
 * Delivery routes: the dispatcher's board (rm_route, rm_route_stop) and the staff role `driver`. No stored event
 * carries a route yet, so no read model needs a rebuild.
 */
export class Migration20261130010000_routes extends Migration {
  override name = 'Migration20261130010000_routes';

  override up(): void {
    this.addSql(ROUTE_SCHEMA);
    this.addSql(`ALTER TABLE users DROP CONSTRAINT IF EXISTS users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('owner', 'staff', 'driver'));`);
  }
}
