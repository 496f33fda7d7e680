import { Controller, Get, Inject, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../../auth/auth.types.js';
import { CurrentUser } from '../../auth/public.decorator.js';
import { ApiAnswer, ApiFileAnswer } from '../../infra/http/api-answer.js';
import { SERIAL_HISTORY_ANSWER, STAMP_RECORD_ANSWER } from './stamp-record.answers.js';
import { sendPdf } from '../../infra/pdf/pdf-reply.js';
import { serialHistoryCsv, serialHistoryFileName, stampRecordCsv } from './stamp-record.reader.js';
import { recordRequest, SerialHistoryParams, serialAsOf, StampRecordParams } from './stamp-record.params.js';
import { StampRecordService, stampRecordFileName } from './stamp-record.service.js';
import { Clock } from '../../infra/clock.js';

/**
 * The TABC stamp transaction record for a period, as of any instant: JSON for the screen
 * (/stamp/record), CSV, and a PDF. Replayed from the event store, so it reads the same today as it did then.
 */
@ApiTags('stamp')
@ApiBearerAuth()
@Controller('stamp/record')
export class StampRecordController {
  constructor(
    @Inject(StampRecordService) private readonly records: StampRecordService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Get()
  @ApiAnswer(200, 'Per date: received, affixed, returned, destroyed; on hand after each', STAMP_RECORD_ANSWER)
  record(@CurrentUser() user: AuthUser, @Query() params: StampRecordParams) {
    return this.records.read(user.companyId, recordRequest(params, this.clock.now()));
  }

  @Get('serial')
  @ApiAnswer(200, "One serial's transactions and status at the instant", SERIAL_HISTORY_ANSWER)
  async serial(@CurrentUser() user: AuthUser, @Query() params: SerialHistoryParams) {
    return this.records.serial(user.companyId, {
      ...(await this.records.stampOf(user.companyId, params)),
      asOf: serialAsOf(params, this.clock.now()),
    });
  }

  @Get('serial/download')
  @ApiFileAnswer('text/csv', "One serial's transactions as of the instant, as CSV")
  async serialDownload(@CurrentUser() user: AuthUser, @Query() params: SerialHistoryParams) {
    const history = await this.records.serial(user.companyId, {
      ...(await this.records.stampOf(user.companyId, params)),
      asOf: serialAsOf(params, this.clock.now()),
    });
    return new StreamableFile(Buffer.from(serialHistoryCsv(history), 'utf8'), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${serialHistoryFileName(history, 'csv')}"`,
    });
  }

  @Get('serial/pdf')
  @ApiFileAnswer(
    'application/pdf',
    "One serial's transactions as of the instant, as a PDF with the chain head",
  )
  async serialPdf(
    @CurrentUser() user: AuthUser,
    @Query() params: SerialHistoryParams,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { pdf, filename } = await this.records.serialPdf(user.companyId, {
      ...(await this.records.stampOf(user.companyId, params)),
      asOf: serialAsOf(params, this.clock.now()),
    });
    return sendPdf(reply, pdf, filename, 'attachment');
  }

  @Get('download')
  @ApiFileAnswer('text/csv', 'The record as CSV (a destroyed serial per line)')
  async download(@CurrentUser() user: AuthUser, @Query() params: StampRecordParams) {
    const record = await this.records.read(user.companyId, recordRequest(params, this.clock.now()));
    return new StreamableFile(Buffer.from(stampRecordCsv(record), 'utf8'), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${stampRecordFileName(record, 'csv')}"`,
    });
  }

  @Get('pdf')
  @ApiFileAnswer('application/pdf', 'The record as a PDF, with the event chain head it was made from')
  async pdf(
    @CurrentUser() user: AuthUser,
    @Query() params: StampRecordParams,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { pdf, filename } = await this.records.pdf(user.companyId, recordRequest(params, this.clock.now()));
    return sendPdf(reply, pdf, filename, 'attachment');
  }
}
