import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { customerRules, fintechIdProblem, tabcIdProblem } from '#domain/customers/customer.rules.js';
import { builtTabcId } from '#domain/customers/tabc-permit.js';
import { toNumber } from '#domain/shared/field-rules.js';
import { FollowsRule } from '../../infra/http/follows-rule.js';

/**
 * POST /customer and PUT /customer/{id} (as the client's specification asks). The domain's rules check every field, so the form
 * gets all its messages at once. Flags may be 0/1; on an edit, an optional field left out keeps its value.
 */
export class CustomerBody {
  @ApiPropertyOptional({ type: String, description: 'Ignored: the path names the customer' })
  @FollowsRule(() => undefined)
  id?: unknown;

  @ApiProperty({ example: 'The Rusty Nail' })
  @FollowsRule(customerRules.name)
  name!: string;

  @ApiProperty({ example: '500 E 6th St' })
  @FollowsRule(customerRules.address)
  address!: string;

  @ApiProperty({ example: 'Austin' })
  @FollowsRule(customerRules.city)
  city!: string;

  @ApiPropertyOptional({ example: 'TX', default: 'TX' })
  @FollowsRule(customerRules.state)
  state?: string;

  @ApiProperty({ example: '78701' })
  @FollowsRule(customerRules.zip)
  zip!: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'MB123456',
    description:
      'Two letters, optional hyphen, six digits; built from aims_license_type + aims_id when both are given',
  })
  @FollowsRule((value, body) =>
    tabcIdProblem(
      value,
      // aims_license_type has its own rule; of a wrong type it builds nothing here
      builtTabcId(
        typeof body.aims_license_type === 'string' ? body.aims_license_type : null,
        toNumber(body.aims_id) ?? null,
      ),
    ),
  )
  tabc_id?: string | null;

  @ApiPropertyOptional({
    example: '1027485',
    oneOf: [{ type: 'number' }, { type: 'string' }],
    nullable: true,
    description: 'The AIMS licence id (TABC licence list)',
  })
  @FollowsRule(customerRules.aims_id)
  aims_id?: number | string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'MB' })
  @FollowsRule(customerRules.aims_license_type)
  aims_license_type?: string | null;

  @ApiPropertyOptional({ example: '55012', type: String, nullable: true })
  @FollowsRule(customerRules.ydk_est_id)
  ydk_est_id?: string | null;

  @ApiPropertyOptional({ example: 'Dana Whitfield', type: String, nullable: true })
  @FollowsRule(customerRules.contact_name)
  contact_name?: string | null;

  @ApiPropertyOptional({ example: 'orders@gulfcoastoysterbar.com', type: String, nullable: true })
  @FollowsRule(customerRules.contact_email)
  contact_email?: string | null;

  @ApiPropertyOptional({ example: '409-555-0142', type: String, nullable: true })
  @FollowsRule(customerRules.contact_phone)
  contact_phone?: string | null;

  @ApiProperty({ type: Boolean, description: 'true/false or 1/0' })
  @FollowsRule(customerRules.cash_on_delivery)
  cash_on_delivery!: boolean | number;

  @ApiProperty({ type: Boolean, description: 'true/false or 1/0' })
  @FollowsRule(customerRules.fintech_option)
  fintech_option!: boolean | number;

  @ApiPropertyOptional({
    example: 'FT-20931',
    type: String,
    nullable: true,
    description: 'Required while fintech_option is on',
  })
  @FollowsRule(
    (value, body) => customerRules.fintech_id(value) ?? fintechIdProblem(value, body.fintech_option),
  )
  fintech_id?: string | null;

  @ApiPropertyOptional({
    example: '81598854-824c-444e-85d3-217922cf655d',
    type: String,
    nullable: true,
    format: 'uuid',
  })
  @FollowsRule(customerRules.product_price_tier_id)
  product_price_tier_id?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, format: 'date', example: '2026-01-15' })
  @FollowsRule(customerRules.service_start)
  service_start?: string | null;

  @ApiPropertyOptional({
    example: '32012345678',
    type: String,
    nullable: true,
    description:
      "The retailer's Texas Comptroller taxpayer number (11 digits) for the monthly alcohol sales report",
  })
  @FollowsRule(customerRules.comptroller_taxpayer_number)
  comptroller_taxpayer_number?: string | null;

  @ApiPropertyOptional({
    example: 'net_14',
    type: String,
    nullable: true,
    description:
      "The customer's own payment terms ('on_delivery', 'net_N' with N 1–30, 'credit_law'); empty or null: the company's",
  })
  @FollowsRule(customerRules.payment_terms)
  payment_terms?: string | null;
}
