import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

/** Stamp numbers fit a Postgres int and a JS number with room to spare. */
export const MAX_STAMP_NUMBER = 2_000_000_000;

/** Whole numbers may arrive as JSON numbers or as digit strings from form fields; anything else stays as is (and fails IsInt). */
export const toWholeNumber = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\s*\d{1,12}\s*$/.test(value) ? Number(value) : value;

const trimUpper = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toUpperCase() : value;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

const DAY_OR_INSTANT =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

function stampNumber(field: string, label: string) {
  // In the order class-validator runs them (the order they are applied in): the first failure is reported.
  return [
    ApiProperty({ minimum: 1, maximum: MAX_STAMP_NUMBER, example: field === 'from' ? 1000 : 1479 }),
    Transform(toWholeNumber),
    IsDefined({ message: `${label} is required.` }),
    IsInt({ message: `${label} must be a whole number.` }),
    Min(1, { message: `${label} must be at least 1.` }),
    Max(MAX_STAMP_NUMBER, { message: `${label} must be at most ${MAX_STAMP_NUMBER}.` }),
  ];
}

function apply(decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, key) => decorators.forEach((decorator) => decorator(target, key));
}

const From = () => apply(stampNumber('from', 'From'));
const To = () => apply(stampNumber('to', 'To'));

/** POST /stamp/roll (as the client's specification asks). */
export class CreateStampRollBody {
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'AB',
    description: 'Trimmed and upper-cased; may be empty',
  })
  @Matches(/^[A-Z0-9 -]*$/, { message: 'Prefix may hold only letters, digits, spaces and hyphens.' })
  @MaxLength(20, { message: 'Prefix must be at most 20 characters.' })
  @IsString({ message: 'Prefix must be text.' })
  @IsOptional()
  @Transform(trimUpper)
  prefix?: string | null;

  @ApiProperty({
    example: '2026-11-20',
    description: 'Business date YYYY-MM-DD (a date-time is read in the company time zone)',
  })
  @Matches(DAY_OR_INSTANT, { message: 'Received date must be a date (YYYY-MM-DD).' })
  @IsString({ message: 'Received date must be a date (YYYY-MM-DD).' })
  @IsDefined({ message: 'Received date is required.' })
  received_at!: string;

  @From()
  from!: number;

  @To()
  to!: number;
}

/** PUT /stamp/roll/{id}: the server changes only `active` (as the client's specification asks). */
export class UpdateStampRollBody {
  @ApiProperty({ oneOf: [{ type: 'boolean' }, { type: 'integer', enum: [0, 1] }] })
  @IsIn([0, 1, true, false], { message: 'active must be 0, 1, true or false.' })
  @IsDefined({ message: 'active is required.' })
  active!: 0 | 1 | boolean;
}

/** PUT /stamp/roll/{roll_id}/assign (as the client's specification asks). */
export class AssignStampsBody {
  @ApiPropertyOptional({ example: 3, minimum: 1, description: 'The roll of the path, repeated (optional)' })
  @Min(1, { message: 'roll_id must be at least 1.' })
  @IsInt({ message: 'roll_id must be a whole number.' })
  @IsOptional()
  @Transform(toWholeNumber)
  roll_id?: number;

  @From()
  from!: number;

  @To()
  to!: number;

  @ApiPropertyOptional({
    example: 'Torn in shipping',
    type: String,
    nullable: true,
    description: 'Upper-cased',
  })
  @MaxLength(500, { message: 'Note must be at most 500 characters.' })
  @IsString({ message: 'Note must be text.' })
  @IsOptional()
  @Transform(trimUpper)
  note?: string | null;
}

/** POST /stamp/roll/{roll_id}/destroy: from and to must lie within the roll (as the client's specification asks). */
export class DestroyStampsBody {
  @From()
  from!: number;

  @To()
  to!: number;

  @ApiPropertyOptional({
    example: 'Torn in shipping',
    type: String,
    nullable: true,
    description: 'Why (damaged, lost …)',
  })
  @MaxLength(500, { message: 'Note must be at most 500 characters.' })
  @IsString({ message: 'Note must be text.' })
  @IsOptional()
  @Transform(trim)
  note?: string | null;
}

export class StampRangeBody {
  @ApiProperty({ example: 3, minimum: 1 })
  @Min(1, { message: 'roll_id must be at least 1.' })
  @IsInt({ message: 'roll_id must be a whole number.' })
  @IsDefined({ message: 'roll_id is required.' })
  @Transform(toWholeNumber)
  roll_id!: number;

  @From()
  from!: number;

  @To()
  to!: number;
}

/** POST /stamp/range/check: one manual range of the invoice builder, against the ranges added before it. */
export class CheckStampRangeBody extends StampRangeBody {
  @ApiPropertyOptional({
    example: '6571ded8-2c83-49b4-9578-eccc81c91e00',
    description: 'The invoice being edited: its own stamps count as available',
  })
  @MaxLength(100)
  @IsString()
  @IsOptional()
  invoice_id?: string;

  @ApiPropertyOptional({ type: [StampRangeBody], description: 'Ranges already added in the builder' })
  @ValidateNested({ each: true })
  @Type(() => StampRangeBody)
  @ArrayMaxSize(500)
  @IsArray()
  @IsOptional()
  added?: StampRangeBody[];
}
