import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsIn,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import type * as Contract from '#domain/contracts/account.contract.js';
import {
  PAYMENT_METHODS,
  REFUND_METHODS,
  type PaymentMethod,
  type RefundMethod,
} from '#domain/accounts/customer-account.events.js';
import {
  ACCOUNT_MESSAGES,
  MAX_ACCOUNT_NOTE,
  MAX_ACCOUNT_REFERENCE,
  MAX_APPLICATIONS,
} from '#domain/accounts/customer-account.rules.js';

/** Amounts arrive as numbers or decimal text; checked as text (no binary floating point). */
const toAmountText = ({ value }: { value: unknown }) =>
  typeof value === 'number' && Number.isFinite(value)
    ? String(value)
    : typeof value === 'string'
      ? value.trim()
      : value;

const toDate = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? value.slice(0, 10) : value;

const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;

export class ApplicationBody implements Contract.ApplicationBody {
  @ApiProperty({
    example: '6571ded8-2c83-49b4-9578-eccc81c91e00',
    description: 'An open invoice of the customer',
  })
  @IsUUID('all', { message: 'Invoice not found' })
  @IsDefined({ message: 'invoice_id is required.' })
  invoice_id!: string;

  @ApiProperty({ example: 120, description: 'Dollars applied to it' })
  @Matches(AMOUNT, { message: ACCOUNT_MESSAGES.amount })
  @Transform(toAmountText)
  @IsDefined({ message: ACCOUNT_MESSAGES.amount })
  amount!: string;
}

class Applications {
  @ApiPropertyOptional({
    type: [ApplicationBody],
    nullable: true,
    description: 'The invoices chosen and their amounts; absent or null: oldest first',
  })
  @ValidateNested({ each: true })
  @Type(() => ApplicationBody)
  @ArrayMaxSize(MAX_APPLICATIONS, { message: ACCOUNT_MESSAGES.tooManyInvoices })
  @IsArray({ message: 'invoices must be a list.' })
  @IsOptional()
  invoices?: ApplicationBody[] | null;
}

/** POST /customer/{id}/payment. An `Idempotency-Key` header makes a retried submit receive it once. */
export class ReceivePaymentBody extends Applications implements Contract.ReceivePaymentBody {
  @ApiProperty({ example: 500, description: 'Dollars received, at least 0.01, at most 2 decimals' })
  @Matches(AMOUNT, { message: ACCOUNT_MESSAGES.amount })
  @Transform(toAmountText)
  @IsDefined({ message: ACCOUNT_MESSAGES.amount })
  amount!: string;

  @ApiProperty({ enum: PAYMENT_METHODS, example: 'check' })
  @IsIn(PAYMENT_METHODS, { message: ACCOUNT_MESSAGES.method })
  @IsDefined({ message: ACCOUNT_MESSAGES.method })
  method!: PaymentMethod;

  @ApiPropertyOptional({
    example: '1042',
    type: String,
    nullable: true,
    description: 'The check number, say',
  })
  @MaxLength(MAX_ACCOUNT_REFERENCE, { message: ACCOUNT_MESSAGES.referenceTooLong })
  @IsString({ message: 'Reference must be text.' })
  @IsOptional()
  reference?: string | null;

  @ApiProperty({ example: '2026-11-21', description: 'Business date; at most 3 days ahead' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: ACCOUNT_MESSAGES.dateInvalid })
  @IsString({ message: ACCOUNT_MESSAGES.dateRequired })
  @IsDefined({ message: ACCOUNT_MESSAGES.dateRequired })
  @Transform(toDate)
  received_at!: string;

  @ApiPropertyOptional({ example: '', type: String, nullable: true })
  @MaxLength(MAX_ACCOUNT_NOTE, { message: ACCOUNT_MESSAGES.noteTooLong })
  @IsString({ message: 'Note must be text.' })
  @IsOptional()
  note?: string | null;
}

/** POST /customer/{id}/credit/apply. */
export class ApplyCreditBody extends Applications implements Contract.ApplyCreditBody {}

/** POST /customer/{id}/credit/unapply: the invoice and its payment applied from the account. */
export class UnapplyCreditBody implements Contract.UnapplyCreditBody {
  @ApiProperty({
    example: '6571ded8-2c83-49b4-9578-eccc81c91e00',
    description: 'The invoice the payment was applied to',
  })
  @IsUUID('all', { message: 'invoice_id must be an invoice id.' })
  @IsString({ message: 'invoice_id must be an invoice id.' })
  @IsDefined({ message: 'invoice_id is required.' })
  invoice_id!: string;

  @ApiProperty({
    example: '0b1f6c1e-52a4-4a55-9d4b-2f0a44f1d7a1',
    description: "The invoice's payment applied from the account (an application entry's id)",
  })
  @IsUUID('all', { message: 'payment_id must be a payment id.' })
  @IsString({ message: 'payment_id must be a payment id.' })
  @IsDefined({ message: 'payment_id is required.' })
  payment_id!: string;
}

/** POST /customer/{id}/credit/refund. */
export class RefundCreditBody implements Contract.RefundCreditBody {
  @ApiProperty({ example: 30, description: 'Dollars paid back; never more than the unapplied credit' })
  @Matches(AMOUNT, { message: ACCOUNT_MESSAGES.amount })
  @Transform(toAmountText)
  @IsDefined({ message: ACCOUNT_MESSAGES.amount })
  amount!: string;

  @ApiProperty({ enum: REFUND_METHODS, example: 'check' })
  @IsIn(REFUND_METHODS, { message: ACCOUNT_MESSAGES.refundMethod })
  @IsDefined({ message: ACCOUNT_MESSAGES.refundMethod })
  method!: RefundMethod;

  @ApiProperty({ example: '2001', description: 'The check number or the ACH trace' })
  @MaxLength(MAX_ACCOUNT_REFERENCE, { message: ACCOUNT_MESSAGES.referenceTooLong })
  @Matches(/\S/, { message: ACCOUNT_MESSAGES.referenceRequired })
  @IsString({ message: ACCOUNT_MESSAGES.referenceRequired })
  @IsDefined({ message: ACCOUNT_MESSAGES.referenceRequired })
  reference!: string;

  @ApiProperty({ example: '2026-11-21', description: 'Business date; at most 3 days ahead' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: ACCOUNT_MESSAGES.dateInvalid })
  @IsString({ message: ACCOUNT_MESSAGES.dateRequired })
  @IsDefined({ message: ACCOUNT_MESSAGES.dateRequired })
  @Transform(toDate)
  refunded_at!: string;
}
