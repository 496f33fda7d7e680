import { Controller, Get, Inject, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../../auth/auth.types.js';
import { CurrentUser } from '../../auth/public.decorator.js';
import { ApiAnswer, ApiFileAnswer } from '../../infra/http/api-answer.js';
import { NUMBERING_PROOF_ANSWER } from '../../stamps/record/stamp-record.answers.js';
import { recordRequest, StampRecordParams } from '../../stamps/record/stamp-record.params.js';
import { sendPdf } from '../../infra/pdf/pdf-reply.js';
import { numberingProofCsv } from './numbering-proof.reader.js';
import { numberingProofFileName, NumberingProofService } from './numbering-proof.service.js';
import { Clock } from '../../infra/clock.js';

/**
 * The invoice numbering proof of a period, as of any instant: every number issued, with the state of
 * its invoices and their replacements, and each gap explained or flagged; JSON, CSV and PDF. The same period and
 * instant parameters as the stamp record. Static paths: matched before `invoice/:idOrNumber`.
 */
@ApiTags('invoice')
@ApiBearerAuth()
@Controller('invoice/numbering-proof')
export class NumberingProofController {
  constructor(
    @Inject(NumberingProofService) private readonly proofs: NumberingProofService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Get()
  @ApiAnswer(
    200,
    'Every number issued in the period with its invoices’ state, and the gaps',
    NUMBERING_PROOF_ANSWER,
  )
  proof(@CurrentUser() user: AuthUser, @Query() params: StampRecordParams) {
    return this.proofs.read(user.companyId, recordRequest(params, this.clock.now()));
  }

  @Get('download')
  @ApiFileAnswer('text/csv', 'The proof as CSV')
  async download(@CurrentUser() user: AuthUser, @Query() params: StampRecordParams) {
    const proof = await this.proofs.read(user.companyId, recordRequest(params, this.clock.now()));
    return new StreamableFile(Buffer.from(numberingProofCsv(proof), 'utf8'), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${numberingProofFileName(proof, 'csv')}"`,
    });
  }

  @Get('pdf')
  @ApiFileAnswer('application/pdf', 'The proof as a PDF, with the event chain head it was made from')
  async pdf(
    @CurrentUser() user: AuthUser,
    @Query() params: StampRecordParams,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { pdf, filename } = await this.proofs.pdf(user.companyId, recordRequest(params, this.clock.now()));
    return sendPdf(reply, pdf, filename, 'attachment');
  }
}
