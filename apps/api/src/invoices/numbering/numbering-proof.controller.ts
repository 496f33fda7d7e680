import { Controller, Get, Inject, Query, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';
import { EVENT_STORE, type EventStore } from '#infra/event-store/event-store.port.js';
import { PG_POOL } from '#infra/projections.provider.js';
import type { AuthUser } from '../../auth/auth.types.js';
import { CurrentUser } from '../../auth/public.decorator.js';
import { ApiAnswer, ApiFileAnswer } from '../../infra/http/api-answer.js';
import { NUMBERING_PROOF_ANSWER } from '../../stamps/record/stamp-record.answers.js';
import { companyTimeZone } from '../../stamps/record/stamp-record.reader.js';
import { recordRequest, StampRecordParams } from '../../stamps/record/stamp-record.params.js';
import { numberingProofCsv, readNumberingProof } from './numbering-proof.reader.js';

/**
 * The invoice numbering proof (issue 18 §4) of a period, as of any instant: every number issued, with the state of
 * its invoices, and each gap explained or flagged. The same period and instant parameters as the stamp record.
 * Static paths: matched before `invoice/:idOrNumber`.
 */
@ApiTags('invoice')
@ApiBearerAuth()
@Controller('invoice/numbering-proof')
export class NumberingProofController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  private async read(companyId: string, params: StampRecordParams) {
    const request = recordRequest(params);
    const timeZone = await companyTimeZone(this.pool, companyId);
    return readNumberingProof(this.store, companyId, { ...request, timeZone });
  }

  @Get()
  @ApiAnswer(
    200,
    'Every number issued in the period with its invoices’ state, and the gaps',
    NUMBERING_PROOF_ANSWER,
  )
  proof(@CurrentUser() user: AuthUser, @Query() params: StampRecordParams) {
    return this.read(user.companyId, params);
  }

  @Get('download')
  @ApiFileAnswer('text/csv', 'The proof as CSV')
  async download(@CurrentUser() user: AuthUser, @Query() params: StampRecordParams) {
    const proof = await this.read(user.companyId, params);
    return new StreamableFile(Buffer.from(numberingProofCsv(proof), 'utf8'), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="numbering_proof_${proof.from}_${proof.to}.csv"`,
    });
  }
}
