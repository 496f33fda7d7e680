import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import type * as Contract from '#domain/contracts/account.contract.js';
import {
  ACCOUNT_ENTRIES_PAGE,
  ACCOUNT_MESSAGES,
  MAX_ACCOUNT_ENTRIES_PAGE,
} from '#domain/accounts/customer-account.rules.js';

const toWhole = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\s*\d{1,6}\s*$/.test(value) ? Number(value) : value;

/** GET /customer/{id}/account: one page of the entries, newest first. */
export class AccountEntriesParams implements Contract.AccountEntriesParams {
  @ApiPropertyOptional({
    example: ACCOUNT_ENTRIES_PAGE,
    description: `At most this many entries, 1 to ${MAX_ACCOUNT_ENTRIES_PAGE} (${ACCOUNT_ENTRIES_PAGE} when absent)`,
  })
  @Max(MAX_ACCOUNT_ENTRIES_PAGE, { message: ACCOUNT_MESSAGES.entriesLimit })
  @Min(1, { message: ACCOUNT_MESSAGES.entriesLimit })
  @IsInt({ message: ACCOUNT_MESSAGES.entriesLimit })
  @IsOptional()
  @Transform(toWhole)
  limit?: number;

  @ApiPropertyOptional({
    example: '51',
    description: "The entries older than this: an earlier page's next_before (absent: the newest)",
  })
  @Matches(/^[1-9]\d{0,8}$/, { message: ACCOUNT_MESSAGES.entriesBefore })
  @IsOptional()
  before?: string;
}
