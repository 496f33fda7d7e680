import { Migration } from '@mikro-orm/migrations';
import { CUSTOMER_TAXPAYER_SCHEMA } from '#projections/customers/customer.projection.js';
import { PRODUCT_CASE_SIZE_SCHEMA } from '#projections/products/product.projection.js';

/**
 * (and §3): the retailer's Comptroller taxpayer number and the product's case size. Both columns are null until a customer or
 * product event sets them (events written before them carry none), so no rebuild is needed.
 */
export class Migration20261127003000_comptroller_report extends Migration {
  override name = 'Migration20261127003000_comptroller_report';

  override up(): void {
    this.addSql(CUSTOMER_TAXPAYER_SCHEMA);
    this.addSql(PRODUCT_CASE_SIZE_SCHEMA);
  }
}
