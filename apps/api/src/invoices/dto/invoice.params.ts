import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';

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
