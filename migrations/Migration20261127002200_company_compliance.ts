import { Migration } from '@mikro-orm/migrations';
import { COMPANY_SCHEMA_V3 } from '#projections/companies/company.projection.js';

/** The company's TABC compliance rules: `rm_company.compliance`, null until the first change. */
export class Migration20261127002200_company_compliance extends Migration {
  override name = 'Migration20261127002200_company_compliance';

  override up(): void {
    this.addSql(COMPANY_SCHEMA_V3);
  }
}
