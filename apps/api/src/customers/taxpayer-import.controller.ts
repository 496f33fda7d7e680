import { BadRequestException, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { TaxpayerImportResult } from '#domain/contracts/customer.contract.js';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser, OwnerOnly } from '../auth/public.decorator.js';
import { Clock } from '../infra/clock.js';
import { CsvParseError } from '../infra/csv/csv-parser.js';
import { saveSingleFile } from '../infra/files/read-upload.js';
import { actorOf } from '../infra/http/actor.js';
import { ApiAnswer } from '../infra/http/api-answer.js';
import { TabcFileError } from '../tabc/tabc-columns.js';
import { TaxpayerImportService } from '../tabc/taxpayer-import.service.js';

export const RECEIPTS_FILE_FIELD = 'file';
export const RECEIPTS_FILE_MISSING = 'Please choose the mixed beverage gross receipts file (CSV) to upload.';
/** A company's rows of the statewide file are small; the whole file is for the command line. */
export const RECEIPTS_MAX_BYTES = 50 * 1024 * 1024;

export const TAXPAYER_IMPORT_EXAMPLE: TaxpayerImportResult = {
  file_name: 'Mixed_Beverage_Gross_Receipts.csv',
  rows: 1240,
  skipped: 2,
  examples: [{ line: 87, reason: 'taxpayer number "3204797089" of MB817033 is not 11 digits' }],
  customers: 42,
  matched: 30,
  filled: 21,
  kept: 9,
  unmatched: 12,
};

/**
 * POST /customer/taxpayer-numbers/import (the owner): the Comptroller's Mixed Beverage Gross Receipts file
 * (data.texas.gov naa9-5pif, CSV, 50 MB at most) fills the customers' empty Comptroller taxpayer numbers, matched by
 * TABC permit; a number already on a customer is kept. Answers the counts.
 */
@ApiTags('customers')
@ApiBearerAuth()
@Controller()
export class TaxpayerImportController {
  constructor(
    @Inject(TaxpayerImportService) private readonly service: TaxpayerImportService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Post('customer/taxpayer-numbers/import')
  @OwnerOnly()
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: [RECEIPTS_FILE_FIELD],
      properties: { [RECEIPTS_FILE_FIELD]: { type: 'string', format: 'binary' } },
    },
  })
  @ApiAnswer(200, 'Matched, filled, kept and unmatched customers', TAXPAYER_IMPORT_EXAMPLE)
  async import(@CurrentUser() user: AuthUser, @Req() request: FastifyRequest) {
    const metadata = actorOf(user, this.clock);
    const upload = await saveSingleFile(
      request,
      RECEIPTS_FILE_FIELD,
      RECEIPTS_FILE_MISSING,
      RECEIPTS_MAX_BYTES,
    );
    try {
      const result = await this.service.importFile(upload.path, metadata, { waitForProjections: true });
      return { ...result, file_name: upload.filename.slice(0, 200) };
    } catch (error) {
      if (!(error instanceof TabcFileError || error instanceof CsvParseError)) throw error;
      const message = error.message.replace(/ upload( is empty)/, '$1');
      throw new BadRequestException({
        statusCode: 400,
        message,
        details: [{ field: RECEIPTS_FILE_FIELD, message }],
      });
    } finally {
      await upload.remove();
    }
  }
}
