import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PRODUCT_TYPES, productRules } from '#domain/products/product.rules.js';
import type { FieldRule } from '#domain/shared/field-rules.js';
import { FollowsRule } from '../../infra/http/follows-rule.js';

/** A rule for a field an edit may leave out: checked only when sent. */
const ifSent =
  (rule: FieldRule): FieldRule =>
  (value) =>
    value === undefined ? undefined : rule(value);

/**
 * POST /product (as the client's specification asks). The domain's rules check every field, so the editor gets all its messages at
 * once ('Error saving product!' over the details). Money in dollars, as typed.
 */
export class CreateProductBody {
  @ApiPropertyOptional({ type: String, description: 'Ignored: the server names new products' })
  @FollowsRule(() => undefined)
  id?: unknown;

  @ApiProperty({ example: "Tito's Handmade Vodka", description: 'Trimmed and upper-cased' })
  @FollowsRule(productRules.product)
  product!: string;

  @ApiProperty({ enum: PRODUCT_TYPES, description: 'Trimmed and upper-cased' })
  @FollowsRule(productRules.product_type)
  product_type!: string;

  @ApiProperty({ example: '750ml' })
  @FollowsRule(productRules.product_size)
  product_size!: string;

  @ApiProperty({
    oneOf: [{ type: 'number' }, { type: 'string' }],
    example: 19.99,
    description: 'The list price in dollars, at least 0.01',
  })
  @FollowsRule(productRules.product_price)
  product_price!: number | string;

  @ApiPropertyOptional({
    oneOf: [{ type: 'number' }, { type: 'string' }],
    nullable: true,
    example: 14.5,
    description: 'The buying price in dollars, 0 or more (default 0)',
  })
  @FollowsRule(productRules.last_purchase_price)
  last_purchase_price?: number | string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '082184090466',
    description: '6 to 14 digits',
  })
  @FollowsRule(productRules.upc)
  upc?: string | null;

  @ApiPropertyOptional({
    example: 'BV-CAB-750',
    oneOf: [{ type: 'number' }, { type: 'string' }],
    nullable: true,
    description: "'0' means none",
  })
  @FollowsRule(productRules.internal_sku)
  internal_sku?: string | number | null;

  @ApiPropertyOptional({ example: "Southern Glazer's", type: String, nullable: true })
  @FollowsRule(productRules.distributor)
  distributor?: string | null;

  @ApiPropertyOptional({
    example: '88231',
    oneOf: [{ type: 'number' }, { type: 'string' }],
    nullable: true,
    description: "The establishment app's product id",
  })
  @FollowsRule(productRules.ydk_product_id)
  ydk_product_id?: string | number | null;

  @ApiPropertyOptional({
    example: 12,
    oneOf: [{ type: 'number' }, { type: 'string' }],
    nullable: true,
    minimum: 0,
  })
  @FollowsRule(productRules.reorder_level)
  reorder_level?: number | string | null;

  @ApiPropertyOptional({
    example: 24,
    oneOf: [{ type: 'number' }, { type: 'string' }],
    nullable: true,
    minimum: 0,
  })
  @FollowsRule(productRules.reorder_qty)
  reorder_qty?: number | string | null;

  @ApiPropertyOptional({
    example: 14,
    oneOf: [{ type: 'number' }, { type: 'string' }],
    nullable: true,
    minimum: 0,
  })
  @FollowsRule(productRules.reorder_time_in_days)
  reorder_time_in_days?: number | string | null;

  @ApiPropertyOptional({
    example: 24,
    oneOf: [{ type: 'number' }, { type: 'string' }],
    nullable: true,
    minimum: 1,
    description:
      'Bottles per case (the Comptroller report’s pack; one stamp per case for 375 mL or less, a setting)',
  })
  @FollowsRule(productRules.case_size)
  case_size?: number | string | null;
}

/**
 * PUT /product/{id}: any field of the editor (left out: kept), plus the price change's `effective_date` (default
 * today; not before today) and `customerId` (a price for that customer only), and `archived` (archive / restore).
 */
export class UpdateProductBody {
  @ApiPropertyOptional({ type: String, description: 'Ignored: the path names the product' })
  @FollowsRule(() => undefined)
  id?: unknown;

  @ApiPropertyOptional({ example: 'BECKER VINEYARDS CABERNET SAUVIGNON' })
  @FollowsRule(ifSent(productRules.product))
  product?: string;

  @ApiPropertyOptional({ enum: PRODUCT_TYPES })
  @FollowsRule(ifSent(productRules.product_type))
  product_type?: string;

  @ApiPropertyOptional({ example: '750ml' })
  @FollowsRule(ifSent(productRules.product_size))
  product_size?: string;

  @ApiPropertyOptional({
    example: 24.99,
    oneOf: [{ type: 'number' }, { type: 'string' }],
    description: 'A new price records a price change',
  })
  @FollowsRule(ifSent(productRules.product_price))
  product_price?: number | string;

  @ApiPropertyOptional({
    example: '2026-12-01',
    type: String,
    nullable: true,
    format: 'date',
    description: 'When the new price takes effect; default today',
  })
  @FollowsRule(productRules.effective_date)
  effective_date?: string | null;

  @ApiPropertyOptional({
    example: '780dbb31-41f6-4ef0-a28d-77bb6d9bf698',
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The price is for this customer only',
  })
  @FollowsRule(productRules.customerId)
  customerId?: string | null;

  @ApiPropertyOptional({ type: Boolean, description: 'true archives, false restores' })
  @FollowsRule(productRules.archived)
  archived?: boolean | number;

  @ApiPropertyOptional({ example: 16.8, oneOf: [{ type: 'number' }, { type: 'string' }], nullable: true })
  @FollowsRule(productRules.last_purchase_price)
  last_purchase_price?: number | string | null;

  @ApiPropertyOptional({ example: '089744000125', type: String, nullable: true })
  @FollowsRule(productRules.upc)
  upc?: string | null;

  @ApiPropertyOptional({
    example: 'BV-CAB-750',
    oneOf: [{ type: 'number' }, { type: 'string' }],
    nullable: true,
  })
  @FollowsRule(productRules.internal_sku)
  internal_sku?: string | number | null;

  @ApiPropertyOptional({ example: "Southern Glazer's", type: String, nullable: true })
  @FollowsRule(productRules.distributor)
  distributor?: string | null;

  @ApiPropertyOptional({ example: '88231', oneOf: [{ type: 'number' }, { type: 'string' }], nullable: true })
  @FollowsRule(productRules.ydk_product_id)
  ydk_product_id?: string | number | null;

  @ApiPropertyOptional({ example: 12, oneOf: [{ type: 'number' }, { type: 'string' }], nullable: true })
  @FollowsRule(productRules.reorder_level)
  reorder_level?: number | string | null;

  @ApiPropertyOptional({ example: 24, oneOf: [{ type: 'number' }, { type: 'string' }], nullable: true })
  @FollowsRule(productRules.reorder_qty)
  reorder_qty?: number | string | null;

  @ApiPropertyOptional({ example: 14, oneOf: [{ type: 'number' }, { type: 'string' }], nullable: true })
  @FollowsRule(productRules.reorder_time_in_days)
  reorder_time_in_days?: number | string | null;

  @ApiPropertyOptional({
    example: 24,
    oneOf: [{ type: 'number' }, { type: 'string' }],
    nullable: true,
    minimum: 1,
    description:
      'Bottles per case (the Comptroller report’s pack; one stamp per case for 375 mL or less, a setting)',
  })
  @FollowsRule(productRules.case_size)
  case_size?: number | string | null;
}
