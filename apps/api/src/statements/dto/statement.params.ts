import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsEmail, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

const FROM = 'from must be a date (YYYY-MM-DD).';
const TO = 'to must be a date (YYYY-MM-DD).';

/**
 * GET /customer/{id}/statement?from=…&to=…: the period, both days or neither (the current month in the company's time
 * zone). Real dates, the order of the days and the longest period are the domain's (statement-period.ts).
 */
export class StatementParams {
  @ApiPropertyOptional({ example: '2026-11-01', description: 'First day, YYYY-MM-DD (company time zone)' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: FROM })
  @IsString({ message: FROM })
  @IsOptional()
  from?: string;

  @ApiPropertyOptional({ example: '2026-11-30', description: 'Last day, YYYY-MM-DD, included' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: TO })
  @IsString({ message: TO })
  @IsOptional()
  to?: string;
}

/** POST /customer/{id}/statement/email: the recipient and the period. */
export class StatementEmailBody extends StatementParams {
  @ApiProperty({ example: 'ap@rustynail.example', description: 'Who receives the statement' })
  @IsEmail({}, { message: 'Input valid email address' })
  @MaxLength(254, { message: 'Input valid email address' })
  @IsString({ message: 'Input valid email address' })
  @IsDefined({ message: 'email is required.' })
  email!: string;
}
