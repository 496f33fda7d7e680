import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsEmail,
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import type * as Contract from '#domain/contracts/credit-memo.contract.js';
import { CREDIT_REASONS, type CreditReason } from '#domain/credits/credit-memo.events.js';
import {
  CREDIT_MESSAGES,
  creditNoteRule,
  creditReasonRule,
  MAX_CREDIT_LINES,
  MAX_VOID_REASON,
} from '#domain/credits/credit-memo.rules.js';
import { MAX_QTY } from '#domain/invoices/invoice.rules.js';
import { FollowsRule } from '../../infra/http/follows-rule.js';

/** Amounts arrive as numbers or decimal text; checked as text (no binary floating point). */
const toAmountText = ({ value }: { value: unknown }) =>
  typeof value === 'number' && Number.isFinite(value)
    ? String(value)
    : typeof value === 'string'
      ? value.trim()
      : value;

export class CreditMemoLineBody {
  @ApiProperty({ example: 1, description: "The invoice line's number (the invoice's item id)" })
  @Min(1, { message: 'line_no must be an invoice line number.' })
  @IsInt({ message: 'line_no must be a whole number.' })
  @IsDefined({ message: 'line_no is required.' })
  line_no!: number;

  @ApiProperty({ example: 2, description: 'Whole bottles credited' })
  @Max(MAX_QTY, { message: CREDIT_MESSAGES.qty })
  @Min(1, { message: CREDIT_MESSAGES.qty })
  @IsInt({ message: CREDIT_MESSAGES.qty })
  @IsDefined({ message: CREDIT_MESSAGES.qty })
  qty!: number;
}

/** POST /credit-memo. An `Idempotency-Key` header makes a retried submit issue one memo. */
export class CreditMemoBody implements Contract.CreditMemoBody {
  @ApiProperty({ example: '345', description: 'The invoice credited: its id or its number as shown' })
  @MaxLength(64, { message: 'Invoice not found' })
  @IsString({ message: 'Invoice is required.' })
  @IsDefined({ message: 'Invoice is required.' })
  invoice!: string;

  @ApiProperty({ enum: CREDIT_REASONS, example: 'delivered_damaged' })
  @FollowsRule(creditReasonRule)
  reason!: CreditReason;

  @ApiPropertyOptional({ example: 'Two bottles broken in the case', type: String, nullable: true })
  @FollowsRule(creditNoteRule)
  @IsOptional()
  note?: string | null;

  @ApiPropertyOptional({
    type: [CreditMemoLineBody],
    description: 'For goods: the invoice lines and quantities',
  })
  @ValidateNested({ each: true })
  @Type(() => CreditMemoLineBody)
  @ArrayMaxSize(MAX_CREDIT_LINES, { message: CREDIT_MESSAGES.tooManyLines })
  @IsArray({ message: CREDIT_MESSAGES.linesRequired })
  @IsOptional()
  lines?: CreditMemoLineBody[];

  @ApiPropertyOptional({
    example: 5,
    type: String,
    nullable: true,
    description: 'Dollars (a number or decimal text), for a pricing error or other credit',
  })
  @Matches(/^\d{1,9}(\.\d{1,2})?$/, { message: CREDIT_MESSAGES.amountRequired })
  @Transform(toAmountText)
  @IsOptional()
  amount?: string | null;
}

/** POST /credit-memo/{id}/void. */
export class VoidCreditMemoBody implements Contract.VoidCreditMemoBody {
  @ApiProperty({ example: 'Issued on the wrong invoice' })
  @MaxLength(MAX_VOID_REASON, { message: CREDIT_MESSAGES.voidReasonTooLong })
  @Matches(/\S/, { message: CREDIT_MESSAGES.voidReasonRequired })
  @IsString({ message: CREDIT_MESSAGES.voidReasonRequired })
  @IsDefined({ message: CREDIT_MESSAGES.voidReasonRequired })
  reason!: string;
}

/** POST /credit-memo/{id}/email: the recipient. */
export class CreditMemoEmailBody implements Contract.CreditMemoEmailBody {
  @ApiProperty({ example: 'ap@rustynail.example', description: 'Who receives the credit memo' })
  @IsEmail({}, { message: 'Input valid email address' })
  @MaxLength(254, { message: 'Input valid email address' })
  @IsString({ message: 'Input valid email address' })
  @IsDefined({ message: 'email is required.' })
  email!: string;
}
