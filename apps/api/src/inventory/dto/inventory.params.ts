import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString } from 'class-validator';
import { GridParams } from '#infra/grid/index.js';

/** The inventory grids' query: the grid protocol, or every matching row with `ignoreLimit=true` (restock, export). */
export class InventoryGridParams extends GridParams {
  @ApiPropertyOptional({ description: 'true: every matching row (at most 10,000), not one page' })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'ignoreLimit must be true or false' })
  ignoreLimit?: string;
}

/** The inventory of some products (the invoice builder's stock warnings): `ids` comma-separated. */
export class InventoryStockParams {
  @ApiPropertyOptional({
    type: [String],
    description: 'Product ids, comma-separated or repeated (at most 200)',
    example: ['8674697a-0a9b-475e-8a6d-ed49f8ef598d'],
  })
  @IsOptional()
  ids?: string | string[];
}

/** GET inventory/stats: the business days of the period (default: this month so far). */
export class InventoryStatsParams {
  @ApiPropertyOptional({ example: '2026-11-01' })
  @IsOptional()
  @IsString()
  from?: string;

  @ApiPropertyOptional({ example: '2026-11-25' })
  @IsOptional()
  @IsString()
  to?: string;
}
