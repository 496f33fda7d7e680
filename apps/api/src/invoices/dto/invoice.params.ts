import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { GridParams } from '#infra/grid/index.js';

export class CustomerIdParams {
  @ApiPropertyOptional({ example: '780dbb31-41f6-4ef0-a28d-77bb6d9bf698', format: 'uuid' })
  @IsUUID('all', { message: 'customerId must be a customer id.' })
  @IsOptional()
  customerId?: string;
}

export class QuickSearchParams {
  @ApiPropertyOptional({ description: 'At least 3 characters' })
  @MaxLength(100, { message: 'query must be at most 100 characters.' })
  @IsString()
  @IsOptional()
  query?: string;
}

/**
 * GET /invoice/grid: the grid protocol and, as the client's specification lists it, `customerId`: only that
 * customer's invoices (the same as a `customer_id` set filter, and together with any filterModel). Another
 * company's customer id matches nothing: the grid reads the caller's company only.
 */
export class InvoiceGridParams extends GridParams {
  @ApiPropertyOptional({
    example: '780dbb31-41f6-4ef0-a28d-77bb6d9bf698',
    format: 'uuid',
    description: "Only this customer's invoices",
  })
  @IsUUID('all', { message: 'customerId must be a customer id.' })
  @IsOptional()
  customerId?: string;
}
