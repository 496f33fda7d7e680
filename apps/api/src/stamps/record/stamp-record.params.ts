import { BadRequestException } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsDefined,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  Matches,
  ValidateIf,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { MAX_STAMP_NUMBER, toWholeNumber } from '../dto/stamp.bodies.js';
import { daysBetween, isBusinessDate } from '#domain/shared/business-date.js';
import { MAX_RECORD_DAYS } from './stamp-record.reader.js';

/** GET /stamp/record?from=…&to=…&as_of=…: the period (business dates) and the instant it is replayed to. */
export class StampRecordParams {
  @ApiProperty({ example: '2026-03-01', description: 'First day, YYYY-MM-DD (company time zone)' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'from must be a date (YYYY-MM-DD).' })
  @IsString({ message: 'from must be a date (YYYY-MM-DD).' })
  @IsDefined({ message: 'from is required.' })
  from!: string;

  @ApiProperty({ example: '2026-03-31', description: 'Last day, YYYY-MM-DD, included' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'to must be a date (YYYY-MM-DD).' })
  @IsString({ message: 'to must be a date (YYYY-MM-DD).' })
  @IsDefined({ message: 'to is required.' })
  to!: string;

  @ApiPropertyOptional({
    example: '2026-04-01T05:00:00Z',
    description: 'Replay the events that happened by this instant only (default: now)',
  })
  @Matches(/^\d{4}-\d{2}-\d{2}(T|$)/, { message: 'as_of must be an ISO 8601 date-time.' })
  @IsISO8601({ strict: true }, { message: 'as_of must be an ISO 8601 date-time.' })
  @IsOptional()
  as_of?: string;
}

const problem = (field: string, message: string) =>
  new BadRequestException({ statusCode: 400, message, details: [{ field, message }] });

/** The checks across fields: real dates, from ≤ to, at most MAX_RECORD_DAYS days. */
export function recordRequest(params: StampRecordParams, now: Date) {
  if (!isBusinessDate(params.from)) throw problem('from', 'from must be a date (YYYY-MM-DD).');
  if (!isBusinessDate(params.to)) throw problem('to', 'to must be a date (YYYY-MM-DD).');
  if (params.to < params.from) throw problem('to', 'to must not be before from.');
  if (daysBetween(params.from, params.to) + 1 > MAX_RECORD_DAYS)
    throw problem('to', `A record covers at most ${MAX_RECORD_DAYS} days.`);
  const asOf = params.as_of ? new Date(params.as_of) : now;
  // A later instant would give a record that changes until then: not one anybody can reproduce.
  if (asOf.getTime() > now.getTime()) throw problem('as_of', 'as_of must not be later than now.');
  return { from: params.from, to: params.to, asOf: asOf.toISOString() };
}

/** GET /stamp/record/serial?prefix=AB&number=1011&as_of=…: one serial's history as of an instant. */
export class SerialHistoryParams {
  @ApiPropertyOptional({ example: 'AB', description: 'Upper-cased; empty for rolls without a prefix' })
  @MaxLength(20)
  @IsString()
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
  prefix?: string;

  @ApiPropertyOptional({ example: 1011, description: 'Required unless serial is given' })
  @ValidateIf((params: { serial?: unknown }) => params.serial === undefined)
  @Max(MAX_STAMP_NUMBER, { message: `number must be at most ${MAX_STAMP_NUMBER}.` })
  @Min(1, { message: 'number must be at least 1.' })
  @IsInt({ message: 'number must be a whole number.' })
  @IsDefined({ message: 'number is required.' })
  @Transform(toWholeNumber)
  number!: number;

  @ApiPropertyOptional({
    example: 'AB1011',
    description:
      "The serial as printed: the roll's prefix and the number ('TX4210067', 'TX 4210067'), instead of both",
  })
  @MaxLength(40, { message: 'serial must be at most 40 characters.' })
  @IsString({ message: 'serial must be a stamp serial such as AB1050.' })
  @IsOptional()
  serial?: string;

  @ApiPropertyOptional({ example: '2026-04-01T05:00:00Z', description: 'Default: now' })
  @Matches(/^\d{4}-\d{2}-\d{2}(T|$)/, { message: 'as_of must be an ISO 8601 date-time.' })
  @IsISO8601({ strict: true }, { message: 'as_of must be an ISO 8601 date-time.' })
  @IsOptional()
  as_of?: string;
}

/** The instant of a serial history: now by default, never later than now. */
export function serialAsOf(params: SerialHistoryParams, now: Date): string {
  const asOf = params.as_of ? new Date(params.as_of) : now;
  if (asOf.getTime() > now.getTime()) throw problem('as_of', 'as_of must not be later than now.');
  return asOf.toISOString();
}
