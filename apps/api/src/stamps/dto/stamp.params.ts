import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsDefined,
  IsInt,
  IsISO8601,
  IsJSON,
  IsOptional,
  IsString,
  Matches,
  ValidateIf,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { MAX_STAMP_NUMBER, toWholeNumber } from './stamp.bodies.js';

/** `ids=1,2,3` (or `ids=1&ids=2`) as numbers; anything else stays text and fails IsInt. */
const toIdList = ({ value }: { value: unknown }) => {
  const parts = (Array.isArray(value) ? value : [value])
    .flatMap((v) => (typeof v === 'string' ? v.split(',') : [v]))
    .map((v) => (typeof v === 'string' ? v.trim() : v))
    .filter((v) => v !== '');
  return parts.map((v) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v));
};

/** DELETE /stamp/undo-destroy?ids=1,2 (as the client's specification asks). */
export class UndoDestroyParams {
  @ApiProperty({ example: '1,2', description: 'Destroy record ids, comma separated' })
  @Min(1, { each: true, message: 'ids must be a comma separated list of record ids.' })
  @IsInt({ each: true, message: 'ids must be a comma separated list of record ids.' })
  @ArrayMaxSize(500, { message: 'ids may name at most 500 records.' })
  @ArrayNotEmpty({ message: 'ids must name at least one destroy record.' })
  @IsArray({ message: 'ids must be a comma separated list of record ids.' })
  @IsDefined({ message: 'ids is required.' })
  @Transform(toIdList)
  ids!: number[];
}

/**
 * GET /stamp/history?prefix=AB&number=1050, or ?serial=AB1050 (the serial as printed, as pasted): one stamp's
 * transitions, for auditors.
 */
export class StampHistoryParams {
  @ApiPropertyOptional({ example: 'AB', description: 'Upper-cased; empty for rolls without a prefix' })
  @MaxLength(20)
  @IsString()
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
  prefix?: string;

  @ApiPropertyOptional({ example: 1050, description: 'Required unless serial is given' })
  @ValidateIf((params: { serial?: unknown }) => params.serial === undefined)
  @Max(MAX_STAMP_NUMBER, { message: `number must be at most ${MAX_STAMP_NUMBER}.` })
  @Min(1, { message: 'number must be at least 1.' })
  @IsInt({ message: 'number must be a whole number.' })
  @IsDefined({ message: 'number is required.' })
  @Transform(toWholeNumber)
  number!: number;

  @ApiPropertyOptional({
    example: 'AB1050',
    description:
      "The serial as printed: the roll's prefix and the number ('TX4210067', 'TX 4210067'), instead of both",
  })
  @MaxLength(40, { message: 'serial must be at most 40 characters.' })
  @IsString({ message: 'serial must be a stamp serial such as AB1050.' })
  @IsOptional()
  serial?: string;
}

/** GET /stamp/download: the stamp log's filter and sort, as the grid sends them. */
export class StampDownloadParams {
  @ApiPropertyOptional({ description: 'JSON, as GET /invoice/stamp/grid' })
  @IsJSON({ message: 'filterModel must be a json string' })
  @IsOptional()
  filterModel?: string;

  @ApiPropertyOptional({ description: 'JSON, as GET /invoice/stamp/grid' })
  @IsJSON({ message: 'sortModel must be a json string' })
  @IsOptional()
  sortModel?: string;
}

/** GET /stamp/as-of?at=…: the ledger replayed to an instant. */
export class StampAsOfParams {
  @ApiProperty({ example: '2026-11-21T15:00:00Z' })
  @Matches(/^\d{4}-\d{2}-\d{2}(T|$)/, { message: 'at must be an ISO 8601 date-time.' })
  @IsISO8601({ strict: true }, { message: 'at must be an ISO 8601 date-time.' })
  @IsDefined({ message: 'at is required.' })
  at!: string;
}

/** GET /stamp/allocation?count=12&invoice_id=…: what auto-allocation would give an invoice (nothing is kept). */
export class StampAllocationParams {
  @ApiProperty({ example: 12, description: 'Stamps the invoice needs: one per liquor bottle' })
  @Max(100_000, { message: 'count must be at most 100000.' })
  @Min(0, { message: 'count must be at least 0.' })
  @IsInt({ message: 'count must be a whole number.' })
  @IsDefined({ message: 'count is required.' })
  @Transform(toWholeNumber)
  count!: number;

  @ApiPropertyOptional({
    example: '6571ded8-2c83-49b4-9578-eccc81c91e00',
    description: 'The invoice being edited: it keeps its stamps',
  })
  @MaxLength(100)
  @IsString()
  @IsOptional()
  invoice_id?: string;

  @ApiPropertyOptional({
    example: '6571ded8-2c83-49b4-9578-eccc81c91e00:6',
    description:
      "A new invoice's liquor bottles stamped one per bottle, as productId:bottles joined by commas: returned bottles of these products in stock go out first, with their own stamps",
  })
  @Matches(/^[0-9a-fA-F-]{36}:\d{1,6}(,[0-9a-fA-F-]{36}:\d{1,6})*$/, {
    message: 'bottles must be productId:bottles pairs joined by commas.',
  })
  @MaxLength(20_000)
  @IsString()
  @IsOptional()
  bottles?: string;
}
