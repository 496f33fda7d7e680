import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { EXTENDED_STAMP_STATUSES } from '#domain/stamps/stamp.events.js';
import { MAX_STAMP_NUMBER, toWholeNumber } from '../dto/stamp.bodies.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const trimUpper = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toUpperCase() : value;

function stampNumber(label: string, required: boolean): PropertyDecorator[] {
  return [
    Transform(toWholeNumber),
    ...(required ? [IsDefined({ message: `${label} is required.` })] : [IsOptional()]),
    IsInt({ message: `${label} must be a whole number.` }),
    Min(1, { message: `${label} must be at least 1.` }),
    Max(MAX_STAMP_NUMBER, { message: `${label} must be at most ${MAX_STAMP_NUMBER}.` }),
  ];
}

const apply =
  (decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) =>
    decorators.forEach((decorator) => decorator(target, key));

const PREFIX_RULES = [
  Matches(/^[A-Z0-9 -]*$/, { message: 'Prefix may hold only letters, digits, spaces and hyphens.' }),
  MaxLength(20, { message: 'Prefix must be at most 20 characters.' }),
  IsString({ message: 'Prefix must be text.' }),
  IsOptional(),
  Transform(trimUpper),
];

const NOTE_RULES = (required: boolean) => [
  MaxLength(500, { message: 'The note must be at most 500 characters.' }),
  IsString({ message: 'Note must be text.' }),
  ...(required
    ? [IsDefined({ message: 'Please add a note saying what happened to the stamps.' })]
    : [IsOptional()]),
  Transform(trim),
];

/** POST /stamp/roll/{roll_id}/status: stamps of the roll in stock are lost, stolen, voided or returned. */
export class RecordStampStatusBody {
  @ApiProperty({ enum: EXTENDED_STAMP_STATUSES, example: 'lost' })
  @IsIn(EXTENDED_STAMP_STATUSES, {
    message: "Status must be 'lost', 'stolen', 'voided' or 'returned_to_state'.",
  })
  @IsDefined({ message: "Status must be 'lost', 'stolen', 'voided' or 'returned_to_state'." })
  status!: string;

  @ApiProperty({ minimum: 1, maximum: MAX_STAMP_NUMBER, example: 1005 })
  @apply(stampNumber('From', true))
  from!: number;

  @ApiProperty({ minimum: 1, maximum: MAX_STAMP_NUMBER, example: 1005 })
  @apply(stampNumber('To', true))
  to!: number;

  @ApiProperty({ example: 'Fell behind the shelf in the stamping room', maxLength: 500 })
  @apply(NOTE_RULES(true))
  note!: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'AB',
    description:
      "With replacement_number: the prefix of the stamp issued in its place (left out: the roll's)",
  })
  @apply(PREFIX_RULES)
  replacement_prefix?: string | null;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    example: 1006,
    description: 'The stamp issued in its place (lost, stolen or voided; one stamp only)',
  })
  @apply(stampNumber('Replacement number', false))
  replacement_number?: number | null;
}

/** POST /stamp/replacement: a stamp issued in place of a lost, stolen, voided or destroyed one. */
export class RecordStampReplacementBody {
  @ApiPropertyOptional({ type: String, example: 'AB', description: 'The replaced stamp' })
  @apply(PREFIX_RULES)
  prefix?: string | null;

  @ApiProperty({ example: 1005, description: 'The replaced stamp' })
  @apply(stampNumber('Number', true))
  number!: number;

  @ApiPropertyOptional({
    type: String,
    example: 'AB',
    description: "The stamp issued in its place (left out: the replaced stamp's prefix)",
  })
  @apply(PREFIX_RULES)
  replacement_prefix?: string | null;

  @ApiProperty({ example: 1006, description: 'The stamp issued in its place' })
  @apply(stampNumber('Replacement number', true))
  replacement_number!: number;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'Torn while affixing', maxLength: 500 })
  @apply(NOTE_RULES(false))
  note?: string | null;
}
