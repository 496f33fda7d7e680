import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import type * as Contract from '#domain/contracts/invoice.contract.js';
import { INVOICE_STATUSES, type InvoiceStatus } from '#domain/shared/invoice-status.js';
import { MAX_LINES, MAX_NOTE_LENGTH, MAX_QTY } from '#domain/invoices/invoice.rules.js';
import { MAX_STAMP_NUMBER, toWholeNumber } from '../../stamps/dto/stamp.bodies.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A date-time is cut to its day; the screens send YYYY-MM-DD. */
const toDay = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? value.slice(0, 10) : value;

/** An empty quantity counts as 0 (as the client's specification asks). */
const toQty = ({ value }: { value: unknown }) =>
  value === '' || value === null
    ? 0
    : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)
      ? Number(value)
      : value;

/** Prices arrive as numbers or decimal text; they are checked as text (no binary floating point). */
const toPriceText = ({ value }: { value: unknown }) =>
  typeof value === 'number' && Number.isFinite(value)
    ? String(value)
    : typeof value === 'string'
      ? value.trim()
      : value;

export class InvoiceItemBody implements Contract.InvoiceItemBody {
  @ApiProperty({ example: '8674697a-0a9b-475e-8a6d-ed49f8ef598d', format: 'uuid' })
  @IsUUID('all', { message: 'Product is required.' })
  @IsDefined({ message: 'Product is required.' })
  product_id!: string;

  @ApiProperty({ example: 2, description: 'Whole bottles; empty counts as 0' })
  @Max(MAX_QTY, { message: `Quantity must be at most ${MAX_QTY}.` })
  @Min(-MAX_QTY, { message: `Quantity must be at least -${MAX_QTY}.` })
  @IsInt({ message: 'Quantity must be a whole number.' })
  @Transform(toQty)
  qty!: number;

  @ApiProperty({ example: 19.99, description: 'Dollars, at most 2 decimals' })
  @Matches(/^\d{1,7}(\.\d{1,2})?$/, {
    message: 'Price must be a number of at least 0.00 with at most 2 decimals.',
  })
  @Transform(toPriceText)
  @IsDefined({ message: 'Price is required.' })
  price!: string;

  @ApiPropertyOptional({ default: true })
  @IsBoolean({ message: 'Taxable must be true or false.' })
  @IsOptional()
  taxable?: boolean;

  @ApiPropertyOptional({ default: false })
  @IsBoolean({ message: 'On deal must be true or false.' })
  @IsOptional()
  on_deal?: boolean;
}

export class InvoiceStampRangeBody implements Contract.InvoiceStampRangeBody {
  @ApiProperty({ example: 1 })
  @Min(1, { message: 'roll_id must be at least 1.' })
  @IsInt({ message: 'roll_id must be a whole number.' })
  @Transform(toWholeNumber)
  roll_id!: number;

  @ApiProperty({ example: 1000 })
  @Max(MAX_STAMP_NUMBER)
  @Min(1, { message: 'From must be at least 1.' })
  @IsInt({ message: 'From must be a whole number.' })
  @Transform(toWholeNumber)
  from!: number;

  @ApiProperty({ example: 1011 })
  @Max(MAX_STAMP_NUMBER)
  @Min(1, { message: 'To must be at least 1.' })
  @IsInt({ message: 'To must be a whole number.' })
  @Transform(toWholeNumber)
  to!: number;
}

/** Fields shared by create and update (as the client's specification asks). */
class InvoiceFieldsBody implements Contract.InvoiceFieldsBody {
  @ApiPropertyOptional({ example: '2026-11-21', description: 'Business date; default today' })
  @Matches(DAY, { message: 'Invoice date must be a date (YYYY-MM-DD).' })
  @IsOptional()
  @Transform(toDay)
  invoiced_at?: string;

  @ApiPropertyOptional({
    type: String,
    example: '2026-12-21',
    nullable: true,
    description: 'null: due on delivery',
  })
  @Matches(DAY, { message: 'Due date must be a date (YYYY-MM-DD).' })
  @ValidateIf((_, value) => value !== null && value !== '')
  @IsOptional()
  @Transform(toDay)
  due_at?: string | null;

  @ApiPropertyOptional({ example: 'Left at the back door', description: 'Visible to the customer' })
  @MaxLength(MAX_NOTE_LENGTH, { message: `Note must be at most ${MAX_NOTE_LENGTH} characters.` })
  @IsString({ message: 'Note must be text.' })
  @IsOptional()
  note?: string;

  @ApiPropertyOptional({
    example: 'Call before delivering',
    description: 'Internal, never shown to the customer',
  })
  @MaxLength(MAX_NOTE_LENGTH, { message: `Company note must be at most ${MAX_NOTE_LENGTH} characters.` })
  @IsString({ message: 'Company note must be text.' })
  @IsOptional()
  company_note?: string;

  @ApiPropertyOptional({
    example: '0d5f4b8e-3c1a-4e7b-9f6d-2a8c1e5b7d90',
    type: String,
    format: 'uuid',
    nullable: true,
  })
  @IsUUID('all', { message: 'Logo not found' })
  @ValidateIf((_, value) => value !== null)
  @IsOptional()
  logo_id?: string | null;

  @ApiPropertyOptional({
    type: [InvoiceStampRangeBody],
    nullable: true,
    description: 'Manual stamp ranges; absent or null: allocated automatically',
  })
  @ValidateNested({ each: true })
  @Type(() => InvoiceStampRangeBody)
  @ArrayMaxSize(200, { message: 'At most 200 stamp ranges.' })
  @IsArray({ message: 'Stamps must be a list of ranges.' })
  @ValidateIf((_, value) => value !== null)
  @IsOptional()
  stamps?: InvoiceStampRangeBody[] | null;
}

/** POST /invoice. An `Idempotency-Key` header makes a retried submit create one invoice. */
export class CreateInvoiceBody extends InvoiceFieldsBody implements Contract.CreateInvoiceBody {
  @ApiProperty({ example: '780dbb31-41f6-4ef0-a28d-77bb6d9bf698', format: 'uuid' })
  @IsUUID('all', { message: 'Customer is required.' })
  @IsDefined({ message: 'Customer is required.' })
  customer_id!: string;

  @ApiProperty({ type: [InvoiceItemBody] })
  @ValidateNested({ each: true })
  @Type(() => InvoiceItemBody)
  @ArrayMaxSize(MAX_LINES, { message: `An invoice can have at most ${MAX_LINES} items.` })
  @IsArray({ message: 'Add at least one item.' })
  @IsDefined({ message: 'Add at least one item.' })
  items!: InvoiceItemBody[];

  @ApiPropertyOptional({ description: "The user chose 'Create anyway' for a duplicate" })
  @IsBoolean({ message: 'force must be true or false.' })
  @IsOptional()
  force?: boolean;

  @ApiPropertyOptional({
    example: '5b2e9c41-7a3d-4f8e-b1c6-9d0a2e4f6b83',
    format: 'uuid',
    description: 'The order this invoice is made from (Create Invoice on an order)',
  })
  @IsUUID('all', { message: 'Order not found' })
  @IsOptional()
  order_id?: string;
}

/**
 * POST /invoice/{id}/replace: the builder's body for the replacement of a cancelled invoice. Not made
 * from an order, and never a duplicate of anything live (the invoice it looks like is cancelled).
 */
export class ReplaceInvoiceBody extends OmitType(CreateInvoiceBody, ['force', 'order_id'] as const) {}

/** PUT /invoice/{id}: absent fields are kept (the view page sends a status or a date alone). */
export class UpdateInvoiceBody extends InvoiceFieldsBody implements Contract.UpdateInvoiceBody {
  @ApiPropertyOptional({ example: '780dbb31-41f6-4ef0-a28d-77bb6d9bf698', format: 'uuid' })
  @IsUUID('all', { message: 'Customer is required.' })
  @IsOptional()
  customer_id?: string;

  @ApiPropertyOptional({ type: [InvoiceItemBody] })
  @ValidateNested({ each: true })
  @Type(() => InvoiceItemBody)
  @ArrayMaxSize(MAX_LINES, { message: `An invoice can have at most ${MAX_LINES} items.` })
  @IsArray({ message: 'Add at least one item.' })
  @IsOptional()
  items?: InvoiceItemBody[];

  @ApiPropertyOptional({ enum: INVOICE_STATUSES })
  @IsIn(INVOICE_STATUSES, { message: 'Status must be one of the invoice statuses.' })
  @IsOptional()
  status?: InvoiceStatus;
}
