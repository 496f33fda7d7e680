import type * as Contract from '#domain/contracts/delivery.contract.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsEmail,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
} from 'class-validator';
import { MAX_NOTE, PAPERWORK_MESSAGES } from '#domain/invoices/invoice-paperwork.decide.js';

export const EMAIL_MESSAGES = {
  invalid: 'Input valid email address',
  empty: 'Email address cannot be empty',
  tooMany: 'Please send to at most 20 addresses at once',
} as const;

const asText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);

/** POST /invoice/pdf (as the client's specification asks): the displayed number (`345B`), or the number with the beer flag. */
export class InvoicePdfBody {
  @ApiProperty({ example: '345B', description: 'The displayed number, or an invoice id' })
  @Transform(asText)
  @MaxLength(64, { message: 'Invoice not found' })
  @IsNotEmpty({ message: 'Invoice number is required' })
  @IsString({ message: 'Invoice number is required' })
  number!: string;

  @ApiPropertyOptional({ description: 'Beer invoice: the number gets its B suffix' })
  @IsBoolean({ message: 'beer must be true or false' })
  @IsOptional()
  beer?: boolean;
}

/** POST /invoice/{number}/email (as the client's specification asks). */
export class SendInvoiceEmailBody implements Contract.SendEmailBody {
  @ApiProperty({ type: [String], example: ['buyer@rustynail.test'] })
  @IsEmail({}, { each: true, message: EMAIL_MESSAGES.invalid })
  @ArrayMaxSize(20, { message: EMAIL_MESSAGES.tooMany })
  @ArrayNotEmpty({ message: EMAIL_MESSAGES.empty })
  @IsArray({ message: EMAIL_MESSAGES.empty })
  emails!: string[];

  @ApiPropertyOptional({
    example: 'Thank you for your order!',
    description: 'Printed in the message above the link',
  })
  @MaxLength(MAX_NOTE, { message: PAPERWORK_MESSAGES.noteTooLong })
  @IsString({ message: 'notes must be text' })
  @IsOptional()
  notes?: string;

  @ApiPropertyOptional({ description: 'Beer invoice: the number gets its B suffix' })
  @IsBoolean({ message: 'beer must be true or false' })
  @IsOptional()
  beer?: boolean;
}

/** PUT invoice/document/{id}. */
export class UpdateDocumentBody {
  @ApiProperty({ example: 'Delivery receipt.pdf' })
  @IsString({ message: PAPERWORK_MESSAGES.fileNameEmpty })
  originalname!: string;

  @ApiPropertyOptional({ example: 'Signed delivery receipt' })
  @IsString({ message: 'note must be text' })
  @IsOptional()
  note?: string;
}

/** POST /invoice/{id}/note. */
export class AddNoteBody {
  @ApiProperty({ example: 'Left with the bar manager' })
  @IsString({ message: PAPERWORK_MESSAGES.noteEmpty })
  note!: string;
}

/** DELETE invoice/{id}/note: the note (its id; the rest of a note object is accepted and ignored). */
export class RemoveNoteBody {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsUUID('all', { message: 'Note not found' })
  @IsOptional()
  id?: string;

  @ApiPropertyOptional({ example: 'Signed delivery receipt' })
  @IsString()
  @IsOptional()
  note?: string;

  @ApiPropertyOptional()
  @IsString()
  @IsOptional()
  createdAt?: string;
}

export class NoteIdParams {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsUUID('all', { message: 'Note not found' })
  @IsOptional()
  id?: string;
}

/** The displayed number named with the beer flag: `345` + beer → `345B` (ids and suffixed numbers unchanged). */
export function numberWithBeer(idOrNumber: string, beer: boolean | undefined): string {
  const value = idOrNumber.trim();
  if (!beer || /^[0-9a-f]{8}-/i.test(value) || /b$/i.test(value)) return value;
  return `${value}B`;
}
