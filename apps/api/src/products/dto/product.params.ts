import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { isBusinessDate } from '#domain/shared/business-date.js';
import {
  isBlank,
  optionalBoolean,
  optionalText,
  wholeNumber,
  type FieldRule,
  isUuid,
} from '#domain/shared/field-rules.js';
import { FollowsRule } from '../../infra/http/follows-rule.js';
import { listOf } from '../../infra/http/query-list.js';

export const MAX_PRODUCT_LIST = 5000;
export const MAX_SUGGESTIONS = 50;

const optionalDate =
  (label: string): FieldRule =>
  (value) =>
    isBlank(value) || isBusinessDate(value) ? undefined : `${label} must be a date (YYYY-MM-DD).`;

const optionalUuid =
  (message: string): FieldRule =>
  (value) =>
    isBlank(value) || (typeof value === 'string' && isUuid(value.trim())) ? undefined : message;

/** A comma-separated list (or a repeated parameter) of uuids. */
const uuidList =
  (label: string): FieldRule =>
  (value) =>
    listOf(value).every((id) => isUuid(id)) && listOf(value).length <= 500
      ? undefined
      : `${label} must be product ids separated by commas (at most 500).`;

const limitRule =
  (max: number): FieldRule =>
  (value) =>
    value === undefined
      ? undefined
      : wholeNumber(`Limit must be a whole number from 1 to ${max}.`, 1, max)(value);

export const CUSTOMER_ID_MESSAGE = 'Customer must be the id of a customer.';

/** GET /product (as the client's specification asks): products with what they sold between dateFrom and dateTo (to a customer). */
export class ProductListParams {
  @ApiPropertyOptional({ format: 'date', description: 'Sales from this day (invoice date), inclusive' })
  @FollowsRule(optionalDate('dateFrom'))
  dateFrom?: string;

  @ApiPropertyOptional({ format: 'date', description: 'Sales to this day, inclusive' })
  @FollowsRule(optionalDate('dateTo'))
  dateTo?: string;

  @ApiPropertyOptional({
    example: '780dbb31-41f6-4ef0-a28d-77bb6d9bf698',
    format: 'uuid',
    description: "Sales to this customer; prices are this customer's",
  })
  @FollowsRule(optionalUuid(CUSTOMER_ID_MESSAGE))
  customerId?: string;

  @ApiPropertyOptional({ description: 'Part of the name, UPC or internal SKU' })
  @FollowsRule(optionalText(100, 'Search'))
  search?: string;

  @ApiPropertyOptional({ type: Boolean, description: 'Archived products too (default: not)' })
  @FollowsRule(optionalBoolean('Archived must be true or false.'))
  archived?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PRODUCT_LIST, default: 1000 })
  @FollowsRule(limitRule(MAX_PRODUCT_LIST))
  limit?: string;
}

/** GET /product/suggestions (as the client's specification asks). */
export class ProductSuggestionParams {
  @ApiPropertyOptional({
    description: 'At least 3 characters (% and _ are stripped); more than 5 digits is a UPC',
  })
  @FollowsRule(optionalText(100, 'Query'))
  query?: string;

  @ApiPropertyOptional({
    example: '780dbb31-41f6-4ef0-a28d-77bb6d9bf698',
    format: 'uuid',
    description: 'Prices are for this customer',
  })
  @FollowsRule(optionalUuid(CUSTOMER_ID_MESSAGE))
  customerId?: string;

  @ApiPropertyOptional({
    type: [String],
    description: 'Product ids to leave out, separated by commas or repeated (the lines already added)',
    example: ['8674697a-0a9b-475e-8a6d-ed49f8ef598d'],
  })
  @FollowsRule(uuidList('exclude'))
  exclude?: string | string[];

  @ApiPropertyOptional({ type: [String], description: 'The same as exclude (the spec’s name)' })
  @FollowsRule(uuidList('excludingProductIds'))
  excludingProductIds?: string | string[];

  @ApiPropertyOptional({
    type: [String],
    description: 'Establishment-app product ids to leave out, separated by commas or repeated',
  })
  @FollowsRule((value) =>
    listOf(value).length <= 500 ? undefined : 'excludingSourceProductIds holds at most 500 ids.',
  )
  excludingSourceProductIds?: string | string[];

  @ApiPropertyOptional({ example: "Southern Glazer's", description: 'Only products of this distributor' })
  @FollowsRule(optionalText(100, 'Distributor'))
  distributor?: string;

  @ApiPropertyOptional({ format: 'date', description: 'The invoice date prices are read on; default today' })
  @FollowsRule(optionalDate('date'))
  date?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_SUGGESTIONS, default: 20 })
  @FollowsRule(limitRule(MAX_SUGGESTIONS))
  limit?: string;
}

/** GET /product/{id}/price: the price one customer pays on a day. */
export class ProductPriceParams {
  @ApiPropertyOptional({ example: '780dbb31-41f6-4ef0-a28d-77bb6d9bf698', format: 'uuid' })
  @FollowsRule(optionalUuid(CUSTOMER_ID_MESSAGE))
  customerId?: string;

  @ApiPropertyOptional({ format: 'date', description: 'Default today' })
  @FollowsRule(optionalDate('date'))
  date?: string;
}

/** GET /product/recommendation: the customer chosen in the invoice builder (required). */
export class ProductRecommendationParams {
  @ApiProperty({ format: 'uuid', description: 'The customer to recommend products for' })
  @FollowsRule((value) =>
    typeof value === 'string' && isUuid(value.trim()) ? undefined : CUSTOMER_ID_MESSAGE,
  )
  customerId!: string;
}
