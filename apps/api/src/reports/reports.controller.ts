import { Clock } from '../infra/clock.js';
import type { ReportAnswer, ReportPeriodName, ReportProductStat } from '#domain/contracts/report.contract.js';
import { BadRequestException, Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiProperty, ApiOperation, ApiTags } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString } from 'class-validator';
import { businessDate, isBusinessDate } from '#domain/shared/business-date.js';
import { CompanyTimeZones } from '../infra/company-time.js';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/public.decorator.js';
import { ApiAnswer } from '../infra/http/api-answer.js';
import { COMPANY_STATS_ANSWER } from './reports.answers.js';
import { ReportsReader } from './queries/reports.reader.js';

const PERIOD_NAMES: ReportPeriodName[] = ['monthly', 'weekly'];

/** The query of GET /company/stats: the kind of period (Monthly by default) and its first and last business days. */
export class ReportParams {
  @IsOptional()
  @IsIn(PERIOD_NAMES, { message: 'name must be monthly or weekly' })
  name?: ReportPeriodName;

  // Required: checked by validPeriod, which names the field in its own message ('from must be a date (YYYY-MM-DD)').
  @ApiProperty({ required: true, description: 'The first business day (YYYY-MM-DD)', example: '2026-11-01' })
  @IsOptional()
  @IsString()
  from?: string;

  @ApiProperty({
    required: true,
    description: 'The last business day (YYYY-MM-DD), not after today',
    example: '2026-11-25',
  })
  @IsOptional()
  @IsString()
  to?: string;
}

const dollars = (cents: unknown) => Number(cents ?? 0) / 100;

/**
 * Report and dashboard stats (as the client's specification asks):
 * every company's dashboard shows them, so the answer is not behind the reports feature (the /reports screen is).
 * Every query reads only the period (indexes on the company and the day), never the whole history. For the business days [from, to] of the caller's company,
 * the invoice total (`rm_invoice`, cancelled and deleted invoices left out) and per product what the counted sale
 * lines sold (`rm_product_sale_line`, counted = not cancelled, not deleted), both net of the credit memos issued in
 * the period (`rm_credit_memo`, void memos left out). `name` only labels the period (the
 * page snaps it to a month or a week); the API answers any range up to today. orderTotal and orderStats.total_qty
 * are the orders placed on those days (`rm_order`; cancelled and rejected orders left out; accepted items at their
 * reviewed prices).
 */
@ApiTags('reports')
@ApiBearerAuth()
@Controller('company/stats')
export class ReportsController {
  constructor(
    @Inject(ReportsReader) private readonly reports: ReportsReader,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(CompanyTimeZones) private readonly zones: CompanyTimeZones,
  ) {}

  @Get()
  @ApiAnswer(200, 'Invoice and order totals and product stats of the period', COMPANY_STATS_ANSWER)
  @ApiOperation({ summary: 'Invoice and order totals and product stats for a period (reports feature)' })
  async stats(@CurrentUser() user: AuthUser, @Query() params: ReportParams): Promise<ReportAnswer> {
    const companyId = user.companyId;
    const timeZone = await this.zones.of(companyId);
    const now = this.clock.nowIso();
    const today = businessDate(now, timeZone);
    const { from, to } = validPeriod(params, today);

    const [totals, products, orders] = await this.reports.periodStats(companyId, from, to, timeZone);
    const totalInvoices = totals[0]?.invoices ?? 0;
    const productStats: ReportProductStat[] = products.map((row) => ({
      product_id: row.product_id,
      product: row.product,
      product_size: row.product_size,
      invoice: row.invoices,
      total_qty: Number(row.units),
      total_amount: dollars(row.cents),
      total_invoices: totalInvoices,
    }));
    return {
      name: params.name ?? 'monthly',
      from,
      to,
      generated_at: now,
      stats: {
        customerCount: totals[0]?.customers ?? 0,
        invoiceCount: totalInvoices,
        invoiceTotal: dollars(totals[0]?.invoice_cents),
        orderCount: orders[0]?.orders ?? 0,
        orderTotal: dollars(orders[0]?.order_cents),
      },
      productStats,
      orderStats: { total_qty: Number(orders[0]?.units ?? 0) },
    };
  }
}

/** from and to are real business days, neither after today, from not after to; 400 with the field problems. */
function validPeriod(params: ReportParams, today: string): { from: string; to: string } {
  const details: { field: string; message: string }[] = [];
  for (const field of ['from', 'to'] as const) {
    const value = params[field];
    if (!isBusinessDate(value)) details.push({ field, message: `${field} must be a date (YYYY-MM-DD)` });
    else if (value > today) details.push({ field, message: `${field} cannot be in the future` });
  }
  if (details.length === 0 && params.from! > params.to!)
    details.push({ field: 'from', message: 'from must not be after to' });
  if (details.length > 0)
    throw new BadRequestException({ statusCode: 400, message: details[0]!.message, details });
  return { from: params.from!, to: params.to! };
}
