import { Controller, Get, Inject, Query, StreamableFile } from '@nestjs/common';
import { Clock } from '../../infra/clock.js';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import type { AlcoholSalesReportAnswer } from '#domain/contracts/alcohol-sales.contract.js';
import type { AuthUser } from '../../auth/auth.types.js';
import { CurrentUser } from '../../auth/public.decorator.js';
import { ApiAnswer, ApiFileAnswer } from '../../infra/http/api-answer.js';
import { ALCOHOL_SALES_ANSWER } from './alcohol-sales.answers.js';
import { reportFilename, validMonth } from './alcohol-sales.reader.js';
import { AlcoholSalesReportReader } from './queries/alcohol-sales-report.reader.js';

/** ?month=YYYY-MM (checked by validMonth, which names the field in its message). */
export class AlcoholSalesParams {
  @ApiProperty({ required: true, example: '2026-10', description: 'The month reported, YYYY-MM' })
  @IsOptional()
  @IsString({ message: 'month must be a month (YYYY-MM).' })
  month?: string;
}

/**
 * The Comptroller's monthly alcohol sales report (Tex. Tax Code §151.462): the month's totals with the
 * missing-data check, and the CSV (one per permit: the company's TABC permit), streamed from the read models.
 */
@ApiTags('reports')
@ApiBearerAuth()
@Controller('comptroller/alcohol-sales')
export class AlcoholSalesController {
  constructor(
    @Inject(AlcoholSalesReportReader) private readonly reports: AlcoholSalesReportReader,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Get()
  @ApiOperation({ summary: "A month's alcohol sales report: totals and what must be filled before the 25th" })
  @ApiAnswer(200, "The month's totals and the missing-data check", ALCOHOL_SALES_ANSWER)
  async report(
    @CurrentUser() user: AuthUser,
    @Query() params: AlcoholSalesParams,
  ): Promise<AlcoholSalesReportAnswer> {
    const seller = await this.reports.seller(user.companyId);
    const month = validMonth(params.month, seller.timeZone, this.clock.nowIso());
    return this.reports.report(user.companyId, month, seller);
  }

  @Get('download')
  @ApiOperation({ summary: "A month's alcohol sales report as CSV (one line per sale)" })
  @ApiFileAnswer('text/csv', 'The CSV file (streamed)')
  async download(@CurrentUser() user: AuthUser, @Query() params: AlcoholSalesParams) {
    const seller = await this.reports.seller(user.companyId);
    const month = validMonth(params.month, seller.timeZone, this.clock.nowIso());
    const stream = await this.reports.csv(user.companyId, month, seller);
    return new StreamableFile(stream, {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${reportFilename(seller.permit, month)}"`,
    });
  }
}
