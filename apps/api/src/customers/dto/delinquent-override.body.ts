import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { DELINQUENT_OVERRIDE_REASONS } from '#domain/invoices/delinquent-list-gate.js';

/** POST /customer/{id}/delinquency/override: why the owner lifts the delinquent-list gate for this listing. */
export class DelinquentOverrideBody {
  @ApiProperty({ enum: DELINQUENT_OVERRIDE_REASONS })
  @IsString({ message: `Reason must be one of: ${DELINQUENT_OVERRIDE_REASONS.join(', ')}.` })
  @MaxLength(40, { message: `Reason must be one of: ${DELINQUENT_OVERRIDE_REASONS.join(', ')}.` })
  reason!: string;

  @ApiProperty({ maxLength: 500, description: 'What documents the override (court order, TABC notice, …).' })
  @IsString({ message: 'Note is required (at most 500 characters).' })
  @MaxLength(500, { message: 'Note is required (at most 500 characters).' })
  note!: string;
}
