import { ApiProperty } from '@nestjs/swagger';
import { FEATURE_NAMES, isFeatureName } from '#domain/companies/company.features.js';
import { toBoolean } from '#domain/shared/field-rules.js';
import { FollowsRule } from '../../infra/http/follows-rule.js';

export const UNKNOWN_FEATURE = `Feature must be one of: ${FEATURE_NAMES.join(', ')}.`;
const featureRule = (value: unknown) => (isFeatureName(value) ? undefined : UNKNOWN_FEATURE);

/** POST /company/feature (as the client's specification asks): name, active. */
export class SwitchFeatureBody {
  @ApiProperty({ enum: FEATURE_NAMES })
  @FollowsRule(featureRule)
  name!: string;

  @ApiProperty({
    example: true,
    type: Boolean,
    description: 'true switches it on (free features only), false off',
  })
  @FollowsRule((value) => (toBoolean(value) === undefined ? 'Active must be true or false.' : undefined))
  active!: boolean | number;
}

/** POST /company/feature/request-access: name. */
export class RequestFeatureAccessBody {
  @ApiProperty({ enum: FEATURE_NAMES })
  @FollowsRule(featureRule)
  name!: string;
}
