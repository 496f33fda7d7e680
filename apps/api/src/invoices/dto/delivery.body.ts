import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsISO8601,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import type * as Contract from '#domain/contracts/route.contract.js';
import {
  ADJUSTMENT_REASONS,
  COLLECTED_METHODS,
  DELIVERY_MEANS,
  DELIVERY_MESSAGES,
  MAX_CARRIER_FIELD,
  MAX_DELIVERY_NOTE,
  MAX_REFERENCE,
  MAX_SIGNER_NAME,
} from '#domain/invoices/invoice-delivered.rules.js';
import { toAmountText } from '../../payments/dto/payment.body.js';

export class DeliveryAdjustmentBody implements Contract.DeliveryAdjustmentBody {
  @ApiProperty({
    example: '1',
    description: 'The invoice line (its line number, as the driver download names it)',
  })
  @Transform(({ value }) => (typeof value === 'number' ? String(value) : value))
  @IsString({ message: 'line_id must be text.' })
  line_id!: string;

  @ApiProperty({ example: 2 })
  @Min(1, { message: DELIVERY_MESSAGES.adjustmentQty })
  @IsInt({ message: DELIVERY_MESSAGES.adjustmentQty })
  quantity!: number;

  @ApiProperty({ enum: ADJUSTMENT_REASONS })
  @IsIn(ADJUSTMENT_REASONS, { message: DELIVERY_MESSAGES.adjustmentReason })
  reason!: Contract.DeliveryAdjustmentReason;
}

export class CollectedPaymentBody implements Contract.CollectedPaymentBody {
  @ApiProperty({ enum: COLLECTED_METHODS })
  @IsIn(COLLECTED_METHODS, { message: DELIVERY_MESSAGES.paymentMethod })
  method!: Contract.CollectedMethod;

  @ApiProperty({ example: '62.79', description: 'Dollars, at least 0.01, at most 2 decimals' })
  @Matches(/^\d{1,9}(\.\d{1,2})?$/, { message: DELIVERY_MESSAGES.paymentAmount })
  @Transform(toAmountText)
  @IsDefined({ message: DELIVERY_MESSAGES.paymentAmount })
  amount!: string;

  @ApiPropertyOptional({ example: '1042', description: "Required for a check: the check's number" })
  @MaxLength(MAX_REFERENCE, { message: DELIVERY_MESSAGES.referenceTooLong })
  @IsString({ message: 'reference must be text.' })
  @IsOptional()
  reference?: string;
}

export class CarrierBody {
  @ApiProperty({ example: 'Hill Country Freight' })
  @MaxLength(MAX_CARRIER_FIELD, { message: DELIVERY_MESSAGES.carrierTooLong })
  @IsString({ message: DELIVERY_MESSAGES.carrierRequired })
  name!: string;

  @ApiProperty({ example: 'C-123456', description: "The carrier's TABC permit" })
  @MaxLength(MAX_CARRIER_FIELD, { message: DELIVERY_MESSAGES.carrierTooLong })
  @IsString({ message: DELIVERY_MESSAGES.carrierRequired })
  permit!: string;
}

/** POST /invoice/{id}/delivery: the proof of delivery. Images are checked by the handler's rules (type and size). */
export class DeliverInvoiceBody implements Contract.DeliverInvoiceBody {
  @ApiProperty({
    example: '2026-11-30T16:05:00.000Z',
    description: "The device's clock when the stop was closed",
  })
  @IsISO8601({ strict: true }, { message: DELIVERY_MESSAGES.deliveredAt })
  @IsDefined({ message: DELIVERY_MESSAGES.deliveredAt })
  delivered_at!: string;

  @ApiProperty({ example: 'Pat Retailer' })
  @MaxLength(MAX_SIGNER_NAME, { message: DELIVERY_MESSAGES.signerTooLong })
  @IsString({ message: DELIVERY_MESSAGES.signerRequired })
  @IsDefined({ message: DELIVERY_MESSAGES.signerRequired })
  signer_name!: string;

  @ApiProperty({ description: 'data:image/png;base64,… at most 50 KB' })
  @IsString({ message: DELIVERY_MESSAGES.signatureRequired })
  @IsDefined({ message: DELIVERY_MESSAGES.signatureRequired })
  signature!: string;

  @ApiPropertyOptional({
    type: String,
    description: 'data:image/jpeg;base64,… (or PNG) at most 300 KB',
    nullable: true,
  })
  @IsString({ message: DELIVERY_MESSAGES.photoNotImage })
  @IsOptional()
  photo?: string | null;

  @ApiPropertyOptional({ enum: DELIVERY_MEANS, description: "Default: the company's means of delivery" })
  @IsIn(DELIVERY_MEANS, { message: DELIVERY_MESSAGES.means })
  @IsOptional()
  means?: Contract.DeliveryMeans;

  @ApiPropertyOptional({ type: CarrierBody, nullable: true })
  @ValidateNested()
  @Type(() => CarrierBody)
  @IsObject({ message: DELIVERY_MESSAGES.carrierRequired })
  @IsOptional()
  carrier?: CarrierBody | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'The route the stop is on' })
  @IsString({ message: 'route_id must be text.' })
  @IsOptional()
  route_id?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'The stop of that route' })
  @IsString({ message: 'stop_id must be text.' })
  @IsOptional()
  stop_id?: string | null;

  @ApiPropertyOptional({
    example: 3,
    description: 'The invoice version the driver saw (`version` of GET /invoice/{id})',
  })
  @Min(-1, { message: 'invoice_version must be a whole number.' })
  @IsInt({ message: 'invoice_version must be a whole number.' })
  @IsOptional()
  invoice_version?: number;

  @ApiPropertyOptional({ type: [DeliveryAdjustmentBody] })
  @ValidateNested({ each: true })
  @Type(() => DeliveryAdjustmentBody)
  @ArrayMaxSize(200, { message: 'At most 200 adjustments.' })
  @IsArray({ message: 'adjustments must be a list.' })
  @IsOptional()
  adjustments?: DeliveryAdjustmentBody[];

  @ApiPropertyOptional({ type: [CollectedPaymentBody] })
  @ValidateNested({ each: true })
  @Type(() => CollectedPaymentBody)
  @ArrayMaxSize(10, { message: 'At most 10 payments.' })
  @IsArray({ message: 'payments must be a list.' })
  @IsOptional()
  payments?: CollectedPaymentBody[];

  @ApiPropertyOptional({ type: String, nullable: true, description: "The driver's note" })
  @MaxLength(MAX_DELIVERY_NOTE, { message: DELIVERY_MESSAGES.noteTooLong })
  @IsString({ message: 'Note must be text.' })
  @IsOptional()
  note?: string | null;
}
