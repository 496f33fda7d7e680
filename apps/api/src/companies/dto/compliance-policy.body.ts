import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  complianceRules,
  CREDIT_LAW_MODES,
  LICENCE_GUARD_MODES,
} from '#domain/companies/compliance-policy.js';
import { FollowsRule } from '../../infra/http/follows-rule.js';

/**
 * PUT /company/{id}/compliance: the rules to change; a field left out keeps its value. Flags may come as
 * 0/1. The domain's rules check every field, so one 400 lists them all.
 */
export class CompliancePolicyBody {
  @ApiPropertyOptional({
    type: Boolean,
    description: 'Stamps can be recorded lost, stolen, voided or returned to the state, and replaced',
  })
  @FollowsRule(complianceRules.extended_stamp_statuses)
  extended_stamp_statuses?: unknown;

  @ApiPropertyOptional({
    type: Boolean,
    description: 'Products of 375 mL or less may carry one stamp per case',
  })
  @FollowsRule(complianceRules.small_format_stamps)
  small_format_stamps?: unknown;

  @ApiPropertyOptional({
    type: Boolean,
    description: 'Corrections by event, never by delete: cancelled invoices stay and cannot be deleted',
  })
  @FollowsRule(complianceRules.strict_records)
  strict_records?: unknown;

  @ApiPropertyOptional({ enum: CREDIT_LAW_MODES, description: 'The credit-law calendar' })
  @FollowsRule(complianceRules.credit_law)
  credit_law?: unknown;

  @ApiPropertyOptional({
    enum: LICENCE_GUARD_MODES,
    description: "The retailer licence check: 'blocking' refuses the invoice",
  })
  @FollowsRule(complianceRules.licence_guard)
  licence_guard?: unknown;
}
