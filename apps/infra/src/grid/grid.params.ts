import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsInt,
  IsJSON,
  IsOptional,
  Min,
  Validate,
  ValidatorConstraint,
  type ValidationArguments,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { MAX_GRID_PAGE_ROWS, toInteger } from './grid-request.parser.js';

@ValidatorConstraint({ name: 'gridPage' })
class GridPageConstraint implements ValidatorConstraintInterface {
  validate(endRow: unknown, args: ValidationArguments): boolean {
    const { startRow } = args.object as GridParams;
    if (typeof endRow !== 'number' || typeof startRow !== 'number') return true; // IsInt reports those
    return endRow > startRow && endRow - startRow <= MAX_GRID_PAGE_ROWS;
  }

  defaultMessage(args: ValidationArguments): string {
    const { startRow, endRow } = args.object as GridParams;
    return endRow <= startRow
      ? 'endRow must be greater than startRow'
      : `A page holds at most ${MAX_GRID_PAGE_ROWS} rows`;
  }
}

/** Integers arrive as query-string text; anything but plain digits stays a string and fails IsInt. */
const toIntegerOrRaw = ({ value }: { value: unknown }) => toInteger(value) ?? value;

/**
 * Query parameters of every `…/grid` call. Grid-specific endpoints extend it with their own fields. The models
 * are JSON text here; `runGrid` checks them against the grid's columns.
 */
export class GridParams {
  @ApiProperty({ minimum: 0, example: 0, description: 'First row (inclusive)' })
  @Transform(toIntegerOrRaw)
  @IsInt()
  @Min(0)
  startRow!: number;

  @ApiProperty({
    example: 100,
    description: `Last row (exclusive); at most ${MAX_GRID_PAGE_ROWS} rows a page`,
  })
  @Transform(toIntegerOrRaw)
  @IsInt()
  @Validate(GridPageConstraint)
  endRow!: number;

  @ApiPropertyOptional({ description: 'JSON: [{ "colId": "name", "sort": "asc" | "desc" }]' })
  @IsOptional()
  @IsJSON()
  sortModel?: string;

  @ApiPropertyOptional({
    description:
      'JSON: { "<colId>": { "filterType": "text" | "number" | "date" | "set", "type", "filter", "filterTo", "dateFrom", "dateTo", "values" } }',
  })
  @IsOptional()
  @IsJSON()
  filterModel?: string;
}
