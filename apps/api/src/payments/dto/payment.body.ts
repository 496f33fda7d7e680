import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsDefined, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import type * as Contract from '#domain/contracts/payment.contract.js';
import { MAX_PAYMENT_NOTE, PAYMENT_MESSAGES } from '#domain/invoices/invoice-payments.js';

/** Amounts arrive as numbers or decimal text; checked as text (no binary floating point). */
export const toAmountText = ({ value }: { value: unknown }) =>
  typeof value === 'number' && Number.isFinite(value)
    ? String(value)
    : typeof value === 'string'
      ? value.trim()
      : value;

/** POST /invoice/{id}/payment and PUT /invoice/{id}/payment/{paymentId} (as the client's specification asks). */
export class PaymentBody implements Contract.PaymentBody {
  @ApiProperty({ example: 125.5, description: 'Dollars, at least 0.01, at most 2 decimals' })
  @Matches(/^\d{1,9}(\.\d{1,2})?$/, { message: PAYMENT_MESSAGES.amount })
  @Transform(toAmountText)
  @IsDefined({ message: PAYMENT_MESSAGES.amount })
  amount!: string;

  @ApiProperty({ example: '2026-11-21', description: 'Business date; at most 3 days ahead' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: PAYMENT_MESSAGES.receivedInvalid })
  @IsString({ message: PAYMENT_MESSAGES.receivedRequired })
  @IsDefined({ message: PAYMENT_MESSAGES.receivedRequired })
  @Transform(({ value }) =>
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? value.slice(0, 10) : value,
  )
  received_at!: string;

  @ApiPropertyOptional({ example: 'Check 1042', type: String, nullable: true })
  @MaxLength(MAX_PAYMENT_NOTE, { message: PAYMENT_MESSAGES.noteTooLong })
  @IsString({ message: 'Note must be text.' })
  @IsOptional()
  note?: string | null;

  @ApiPropertyOptional({
    description: "The user confirmed 'Invoice has been fully paid, sure you want to log another payment?'",
  })
  @IsBoolean({ message: 'confirm must be true or false.' })
  @IsOptional()
  confirm?: boolean;
}
