import { Migration } from '@mikro-orm/migrations';
import { STAFF_SCHEMA } from '../apps/api/src/staff/staff.schema.js';
import { COMPANY_LOGO_SCHEMA } from '#projections/companies/company-logo.projection.js';
import { COMPANY_SCHEMA_V2 } from '#projections/companies/company.projection.js';
import { CUSTOMER_SCHEMA } from '#projections/customers/customer.projection.js';

/** Company settings and features (rm_company grows), logos, customers, staff invitations, notification preferences. */
export class Migration20261122000400_company_settings_customers extends Migration {
  override name = 'Migration20261122000400_company_settings_customers';

  override up(): void {
    this.addSql(COMPANY_SCHEMA_V2);
    this.addSql(COMPANY_LOGO_SCHEMA);
    this.addSql(CUSTOMER_SCHEMA);
    this.addSql(STAFF_SCHEMA);
  }
}
