import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, StreamableFile } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Clock } from '../../infra/clock.js';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import type {
  AlcoholReportMonth,
  AlcoholReportMonthsAnswer,
  AlcoholSalesReportAnswer,
} from '#domain/contracts/alcohol-sales.contract.js';
import { companyError } from '#domain/companies/company.errors.js';
import type { AuthUser } from '../../auth/auth.types.js';
import { CurrentUser } from '../../auth/public.decorator.js';
import { actorOf } from '../../infra/http/actor.js';
import { ApiAnswer, ApiFileAnswer } from '../../infra/http/api-answer.js';
import { UuidOr404 } from '../../infra/http/uuid-param.pipe.js';
import {
  ALCOHOL_REPORT_MONTH_ANSWER,
  ALCOHOL_REPORT_MONTHS_ANSWER,
  ALCOHOL_SALES_ANSWER,
} from './alcohol-sales.answers.js';
import {
  DownloadRitsFileCommand,
  MarkAlcoholReportFiledCommand,
} from './commands/alcohol-report.commands.js';
import { MarkAlcoholReportFiledBody } from './dto/mark-filed.body.js';
import { AlcoholReportReader } from './queries/alcohol-report.reader.js';
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
 * missing-data check and its filing, the RITS file to upload (its download recorded), and the CSV under our own
 * headers (one per permit: the company's TABC permit), streamed from the read models.
 */
@ApiTags('reports')
@ApiBearerAuth()
@Controller('comptroller/alcohol-sales')
export class AlcoholSalesController {
  constructor(
    @Inject(AlcoholSalesReportReader) private readonly reports: AlcoholSalesReportReader,
    @Inject(AlcoholReportReader) private readonly filings: AlcoholReportReader,
    @Inject(CommandBus) private readonly commands: CommandBus,
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
    const now = this.clock.nowIso();
    const month = validMonth(params.month, seller.timeZone, now);
    const filing = await this.filings.month(user.companyId, month, now, seller.timeZone);
    return this.reports.report(user.companyId, month, seller, filing);
  }

  @Get('rits')
  @ApiOperation({
    summary:
      "A month's alcohol sales report as the RITS file to upload (one record per retailer, brand, UPC and size)",
  })
  @ApiFileAnswer('text/csv', 'The RITS file: comma-delimited records, no header record')
  async rits(@CurrentUser() user: AuthUser, @Query() params: AlcoholSalesParams) {
    const seller = await this.reports.seller(user.companyId);
    const month = validMonth(params.month, seller.timeZone, this.clock.nowIso());
    const file = await this.commands.execute(new DownloadRitsFileCommand(actorOf(user, this.clock), month));
    return new StreamableFile(Buffer.from(file.text, 'utf8'), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${file.filename}"`,
    });
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

/** The filing of the company's monthly reports: the months list and "mark filed". Another company's id is a 404. */
@ApiTags('reports')
@ApiBearerAuth()
@Controller('company/:id/alcohol-reports')
export class AlcoholReportFilingController {
  constructor(
    @Inject(AlcoholReportReader) private readonly filings: AlcoholReportReader,
    @Inject(AlcoholSalesReportReader) private readonly reports: AlcoholSalesReportReader,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Get()
  @ApiOperation({
    summary: "The months' alcohol sales reports: due date, downloads, filing, late; the reminder",
  })
  @ApiAnswer(200, 'The months whose report is or was due, newest first', ALCOHOL_REPORT_MONTHS_ANSWER)
  async months(
    @CurrentUser() user: AuthUser,
    @Param('id', new UuidOr404('Company not found')) id: string,
  ): Promise<AlcoholReportMonthsAnswer> {
    if (id !== user.companyId) throw companyError('COMPANY_NOT_FOUND');
    const { timeZone } = await this.reports.seller(user.companyId);
    return this.filings.months(user.companyId, this.clock.nowIso(), timeZone);
  }

  @Post(':month/filed')
  @HttpCode(200)
  @ApiOperation({ summary: "Marks a month's report filed in RITS, with its confirmation number" })
  @ApiAnswer(200, "The month's filing as recorded", ALCOHOL_REPORT_MONTH_ANSWER)
  async markFiled(
    @CurrentUser() user: AuthUser,
    @Param('id', new UuidOr404('Company not found')) id: string,
    @Param('month') month: string,
    @Body() body: MarkAlcoholReportFiledBody,
  ): Promise<AlcoholReportMonth> {
    if (id !== user.companyId) throw companyError('COMPANY_NOT_FOUND');
    const { timeZone } = await this.reports.seller(user.companyId);
    const valid = validMonth(month, timeZone, this.clock.nowIso());
    return this.commands.execute(
      new MarkAlcoholReportFiledCommand(actorOf(user, this.clock), valid, body.confirmation_number),
    );
  }
}
