import { Controller, Get, Inject, StreamableFile, Query } from '@nestjs/common';
import { Clock } from '../../infra/clock.js';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { DEFAULT_TIME_ZONE } from '#domain/shared/business-date.js';
import type { AuthUser } from '../../auth/auth.types.js';
import { CurrentUser } from '../../auth/public.decorator.js';
import { RequiresFeature } from '../../features/requires-feature.decorator.js';
import { fileDate } from '../../infra/company-time.js';
import { ApiAnswer, ApiFileAnswer } from '../../infra/http/api-answer.js';
import { StampDownloadParams } from '../../stamps/dto/stamp.params.js';
import { FintechExportReader } from './queries/fintech-export.reader.js';

export { FINTECH_CSV_HEADERS } from './queries/fintech-export.reader.js';

/**
 * GET /invoice/export/fintech (as the client's specification asks): invoices_fintech_{date}.csv of the grid's filter,
 * one line per invoice line, only invoices of customers with the fintech option and a fintech id, streamed through a
 * cursor like the other CSVs. Fintech feature only.
 */
@ApiTags('fintech')
@ApiBearerAuth()
@RequiresFeature('fintech')
@Controller()
export class FintechExportController {
  constructor(
    @Inject(FintechExportReader) private readonly exports: FintechExportReader,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** Whether any current customer has the fintech option: the invoice grid offers Fintech CSV only then. */
  @Get('fintech/customers')
  @ApiAnswer(200, 'Whether any customer has the fintech option', { any: true })
  async customers(@CurrentUser() user: AuthUser): Promise<{ any: boolean }> {
    return { any: await this.exports.anyFintechCustomer(user.companyId) };
  }

  @Get('invoice/export/fintech')
  @ApiFileAnswer('text/csv', 'The CSV file (streamed)')
  async export(@CurrentUser() user: AuthUser, @Query() params: StampDownloadParams) {
    const { stream, company } = await this.exports.invoices(user.companyId, params);
    const filename = `invoices_fintech_${fileDate(this.clock.now(), company?.time_zone || DEFAULT_TIME_ZONE)}.csv`;
    return new StreamableFile(stream as never, {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${filename}"`,
    });
  }
}
