import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

/** GET {partner}/sync-invoices: the caller's company, and optionally a filterModel on the invoice id. */
export class SyncInvoicesParams {
  @ApiPropertyOptional({ description: "The caller's company id (any other answers 404)" })
  @IsOptional()
  @IsString()
  company_id?: string;

  @ApiPropertyOptional({
    description:
      'JSON: { "id": { "values": ["<invoice id>", …] } } or { "id": { "filter": "<invoice id>" } }',
  })
  @IsOptional()
  @IsString()
  @MaxLength(40_000)
  filterModel?: string;
}

/** GET {partner}/sync-products: the caller's company, and onlyFirstChunk (the first 100 products). */
export class SyncProductsParams {
  @ApiPropertyOptional({ description: "The caller's company id (any other answers 404)" })
  @IsOptional()
  @IsString()
  company_id?: string;

  @ApiPropertyOptional({ description: 'true: push only the first chunk (100 products)' })
  @IsOptional()
  @IsIn(['true', 'false', '1', '0'], { message: 'onlyFirstChunk must be true or false' })
  onlyFirstChunk?: string;
}

/** GET clover/sync-inventory: the caller's company. */
export class SyncInventoryParams {
  @ApiPropertyOptional({ description: "The caller's company id (any other answers 404)" })
  @IsOptional()
  @IsString()
  company_id?: string;
}
