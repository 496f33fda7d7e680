import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import type { QuickBooksInvoiceChoice, QuickBooksSchedule } from '#domain/contracts/quickbooks.contract.js';

/** PUT quickbooks/settings: which documents go, from which day, and the schedule. */
export class QuickBooksSettingsBody {
  @ApiProperty({
    enum: ['all', 'delivered', 'none'],
    description: 'Every invoice, only delivered ones, or none',
  })
  @IsIn(['all', 'delivered', 'none'], { message: 'invoices must be all, delivered or none' })
  invoices!: QuickBooksInvoiceChoice;

  @ApiProperty({ description: 'Payments go (those of invoices in QuickBooks)' })
  @IsBoolean({ message: 'payments must be true or false' })
  payments!: boolean;

  @ApiProperty({ description: 'Issued credit memos go' })
  @IsBoolean({ message: 'creditMemos must be true or false' })
  creditMemos!: boolean;

  @ApiProperty({ description: 'Documents dated on or after this day go (YYYY-MM-DD)', example: '2026-11-01' })
  @IsString()
  @Matches(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, {
    message: 'syncFrom must be a date (YYYY-MM-DD)',
  })
  syncFrom!: string;

  @ApiProperty({ enum: ['off', 'hourly', 'daily'] })
  @IsIn(['off', 'hourly', 'daily'], { message: 'schedule must be off, hourly or daily' })
  schedule!: QuickBooksSchedule;
}

/** GET quickbooks/callback: what QuickBooks sends back after the user authorized (or declined). */
export class QuickBooksCallbackParams {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  code?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(200)
  state?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(64)
  realmId?: string;

  @ApiPropertyOptional({ description: 'Set when the user declined' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  error?: string;
}
