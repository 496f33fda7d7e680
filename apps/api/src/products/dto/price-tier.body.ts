import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  PRICE_TIER_BASES,
  PRICE_TIER_COLOR_NAMES,
  PRICE_TIER_MESSAGES,
  priceTierRules,
} from '#domain/companies/price-tier.rules.js';
import { isBlank, isUuid } from '#domain/shared/field-rules.js';
import { FollowsRule } from '../../infra/http/follows-rule.js';

/** POST /product/price-tier and PUT /product/price-tier/{id} (as the client's specification asks). Left out: the default / kept. */
export class PriceTierBody {
  @ApiPropertyOptional({ type: String, description: 'Ignored: the path names the tier' })
  @FollowsRule(() => undefined)
  id?: unknown;

  @ApiPropertyOptional({ example: 'Tier 1', description: "Default 'Tier 1' (then 'Tier 2', …)" })
  @FollowsRule(priceTierRules.name)
  name?: string;

  @ApiPropertyOptional({
    oneOf: [{ type: 'number' }, { type: 'string' }],
    example: 10,
    description: 'Percent added to the base price, 0 to 1000, 2 decimals; default 10',
  })
  @FollowsRule(priceTierRules.percentage)
  percentage?: number | string;

  @ApiPropertyOptional({ enum: PRICE_TIER_COLOR_NAMES, description: 'Default: a colour no other tier has' })
  @FollowsRule(priceTierRules.color)
  color?: string;
}

/** DELETE /product/price-tier/{id}: where its customers go (default: the base tier). Query or body. */
export class RemovePriceTierParams {
  @ApiPropertyOptional({
    example: '81598854-824c-444e-85d3-217922cf655d',
    type: String,
    nullable: true,
    format: 'uuid',
  })
  @FollowsRule((value) =>
    isBlank(value) || (typeof value === 'string' && isUuid(value.trim()))
      ? undefined
      : PRICE_TIER_MESSAGES.migratingTier,
  )
  migrating_price_tier_id?: string | null;
}

/** PUT /product/price-tier/settings. */
export class PriceTierSettingsBody {
  @ApiProperty({
    enum: PRICE_TIER_BASES,
    description: 'What tiers raise: the list price or the last purchase price',
  })
  @FollowsRule(priceTierRules.tier_base)
  tier_base!: string;
}
