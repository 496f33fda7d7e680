import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import type * as Contract from '#domain/contracts/deposit.contract.js';
import { DEPOSIT_MESSAGES } from '#domain/invoices/check-deposits.js';

/** POST /invoice/{id}/payment/{paymentId}/deposit. */
export class DepositCheckBody implements Contract.DepositCheckBody {
  @ApiPropertyOptional({ example: '2026-11-30', description: "Default: the company's today" })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: DEPOSIT_MESSAGES.depositedOn })
  @IsOptional()
  deposited_on?: string;
}

/** POST /invoice/{id}/payment/{paymentId}/dishonour. */
export class DishonourCheckBody implements Contract.DishonourCheckBody {
  @ApiPropertyOptional({ example: 'Returned: insufficient funds' })
  @MaxLength(2_000, { message: DEPOSIT_MESSAGES.noteTooLong })
  @IsString({ message: 'Note must be text.' })
  @IsOptional()
  note?: string;
}
