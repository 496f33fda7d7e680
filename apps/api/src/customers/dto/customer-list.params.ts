import { ApiPropertyOptional } from '@nestjs/swagger';
import { optionalText, toNumber, wholeNumber } from '#domain/shared/field-rules.js';
import { FollowsRule } from '../../infra/http/follows-rule.js';

export const MAX_LIST = 1000;

/** GET /customer: the list for pickers, by name, optionally searched. */
export class CustomerListParams {
  @ApiPropertyOptional({ description: 'Part of the name, address, city or TABC id' })
  @FollowsRule(optionalText(100, 'Search'))
  search?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_LIST, default: 100 })
  @FollowsRule((value) =>
    value === undefined
      ? undefined
      : wholeNumber(`Limit must be a whole number from 1 to ${MAX_LIST}.`, 1, MAX_LIST)(value),
  )
  limit?: string;
}

export const listLimit = (params: CustomerListParams) => toNumber(params.limit) ?? 100;

/** GET /customer/auto-fill-suggestions?query=… */
export class SuggestionParams {
  @ApiPropertyOptional({
    description: 'At least 3 characters: a name, an address, a permit code or a licence id',
  })
  @FollowsRule(optionalText(100, 'Query'))
  query?: string;
}
