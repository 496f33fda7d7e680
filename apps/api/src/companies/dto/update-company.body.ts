import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { companyRules, fintechIdRequired } from '#domain/companies/company.rules.js';
import { toBoolean } from '#domain/shared/field-rules.js';
import { INVOICE_STATUSES } from '#domain/shared/invoice-status.js';
import { FollowsRule } from '../../infra/http/follows-rule.js';

/**
 * PUT /company/{id} (as the client's specification asks). The domain's rules check every field, so a form gets all its messages at
 * once. Numbers may come as text and flags as 0/1. An optional field left out keeps its value.
 */
export class UpdateCompanyBody {
  @ApiPropertyOptional({ type: String, description: 'The company id (ignored: the path names the company)' })
  @FollowsRule(() => undefined)
  id?: unknown;

  @ApiProperty({ example: 'Lone Star Spirits' })
  @FollowsRule(companyRules.name)
  name!: string;

  @ApiProperty({ example: '100 Congress Ave' })
  @FollowsRule(companyRules.address)
  address!: string;

  @ApiProperty({ example: 'Austin' })
  @FollowsRule(companyRules.city)
  city!: string;

  @ApiProperty({ example: 'TX' })
  @FollowsRule(companyRules.state)
  state!: string;

  @ApiProperty({ example: '78701' })
  @FollowsRule(companyRules.zip)
  zip!: string;

  @ApiProperty({ example: 'LP123456' })
  @FollowsRule(companyRules.tabc_id)
  tabc_id!: string;

  @ApiPropertyOptional({
    example: 'lonestar',
    type: String,
    description: 'Required while the order feature is active',
    nullable: true,
  })
  @FollowsRule(companyRules.subdomain)
  subdomain?: string | null;

  @ApiPropertyOptional({
    example: 'Payment due on delivery. Thank you!',
    type: String,
    description: 'May be empty; pre-fills new invoices',
    nullable: true,
  })
  @FollowsRule(companyRules.default_invoice_note)
  default_invoice_note?: string | null;

  @ApiPropertyOptional({
    example: 1001,
    oneOf: [{ type: 'number' }, { type: 'string' }],
    minimum: 1,
    default: 1,
  })
  @FollowsRule(companyRules.starting_invoice_number)
  starting_invoice_number?: number | string;

  @ApiPropertyOptional({ enum: INVOICE_STATUSES, default: 'invoiced' })
  @FollowsRule(companyRules.default_invoice_status)
  default_invoice_status?: string;

  @ApiPropertyOptional({ type: Boolean })
  @FollowsRule(companyRules.has_fintech)
  has_fintech?: boolean | number;

  @ApiPropertyOptional({
    example: 'FT-20931',
    type: String,
    description: 'Required while has_fintech is on',
    nullable: true,
  })
  @FollowsRule(
    (value, body) => companyRules.fintech_id(value) ?? fintechIdRequired(value, toBoolean(body.has_fintech)),
  )
  fintech_id?: string | null;

  @ApiPropertyOptional({ type: Boolean })
  @FollowsRule(companyRules.show_prices)
  show_prices?: boolean | number;

  @ApiPropertyOptional({ type: Boolean })
  @FollowsRule(companyRules.sort_inv_products)
  sort_inv_products?: boolean | number;

  @ApiPropertyOptional({
    example: 500,
    oneOf: [{ type: 'number' }, { type: 'string' }],
    minimum: 1,
    maximum: 5000,
    default: 500,
  })
  @FollowsRule(companyRules.stamp_threshold)
  stamp_threshold?: number | string;

  @ApiPropertyOptional({
    example: 8.25,
    oneOf: [{ type: 'number' }, { type: 'string' }],
    minimum: 0,
    maximum: 100,
    default: 8.25,
    description: 'Percent, at most 2 decimals',
  })
  @FollowsRule(companyRules.tax_rate)
  tax_rate?: number | string;

  @ApiPropertyOptional({ type: Boolean })
  @FollowsRule(companyRules.cash_on_delivery)
  cash_on_delivery?: boolean | number;

  @ApiPropertyOptional({ example: 'America/Chicago' })
  @FollowsRule(companyRules.time_zone)
  time_zone?: string;

  @ApiPropertyOptional({
    example: 'net_30',
    description:
      "When invoices are due unless the customer has its own terms: 'on_delivery', 'net_N' (N whole days, 1–30) or 'credit_law' (the statutory date for liquor and wine; beer on delivery). Left out: unchanged.",
  })
  @FollowsRule(companyRules.payment_terms)
  payment_terms?: string;

  @ApiPropertyOptional({
    example: 'own_vehicle',
    description:
      'How the goods reach the retailer unless a delivery says otherwise: own_vehicle, carrier or customer_pickup',
  })
  @FollowsRule(companyRules.delivery_means)
  delivery_means?: string;

  @ApiPropertyOptional({
    type: String,
    example: 'Hill Country Freight',
    nullable: true,
    description: 'Required with carrier',
  })
  @FollowsRule(companyRules.carrier_name)
  carrier_name?: string | null;

  @ApiPropertyOptional({
    type: String,
    example: 'C-123456',
    nullable: true,
    description: "The carrier's TABC permit",
  })
  @FollowsRule(companyRules.carrier_permit)
  carrier_permit?: string | null;
}
