import type { ReportAnswer, ReportPeriodName, ReportProductStat } from '#domain/contracts/report.contract.js';
import { BadRequestException, Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiProperty, ApiOperation, ApiTags } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString } from 'class-validator';
import type pg from 'pg';
import { businessDate, DEFAULT_TIME_ZONE, isBusinessDate } from '#domain/shared/business-date.js';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/public.decorator.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { ApiAnswer } from '../infra/http/api-answer.js';
import { COMPANY_STATS_ANSWER } from './reports.answers.js';
import { Clock } from '../infra/clock.js';

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
 * lines sold (`rm_product_sale_line`, counted = not cancelled, not deleted). `name` only labels the period (the
 * page snaps it to a month or a week); the API answers any range up to today. orderTotal and orderStats.total_qty
 * are the orders placed on those days (`rm_order`; cancelled and rejected orders left out; accepted items at their
 * reviewed prices).
 */
@ApiTags('reports')
@ApiBearerAuth()
@Controller('company/stats')
export class ReportsController {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Get()
  @ApiAnswer(200, 'Invoice and order totals and product stats of the period', COMPANY_STATS_ANSWER)
  @ApiOperation({ summary: 'Invoice and order totals and product stats for a period (reports feature)' })
  async stats(@CurrentUser() user: AuthUser, @Query() params: ReportParams): Promise<ReportAnswer> {
    const companyId = user.companyId;
    const [zone] = await tenantQuery<{ time_zone: string | null }>(
      this.pool,
      companyId,
      'SELECT time_zone FROM rm_company WHERE company_id = $1 AND id = $1',
    );
    const now = this.clock.nowIso();
    const today = businessDate(now, zone?.time_zone || DEFAULT_TIME_ZONE);
    const { from, to } = validPeriod(params, today);

    const timeZone = zone?.time_zone || DEFAULT_TIME_ZONE;
    const [totals, products, orders] = await Promise.all([
      tenantQuery<{ invoice_cents: string; invoices: number; customers: number }>(
        this.pool,
        companyId,
        `SELECT COALESCE(SUM(total_cents), 0)::text AS invoice_cents, COUNT(*)::int AS invoices,
                COUNT(DISTINCT customer_id)::int AS customers
           FROM rm_invoice
          WHERE company_id = $1 AND deleted_at IS NULL AND status <> 'cancelled'
            AND invoiced_on BETWEEN $2::date AND $3::date`,
        [from, to],
      ),
      tenantQuery<{ product_id: string; product: string; invoices: number; units: string; cents: string }>(
        this.pool,
        companyId,
        `SELECT l.product_id, COALESCE(p.product, '') AS product, COUNT(DISTINCT l.invoice_id)::int AS invoices,
                SUM(l.units)::text AS units, SUM(l.amount_cents)::text AS cents
           FROM rm_product_sale_line l
           LEFT JOIN rm_product p ON p.id = l.product_id AND p.company_id = l.company_id
          WHERE l.company_id = $1 AND l.counted AND l.sold_on BETWEEN $2::date AND $3::date
          GROUP BY l.product_id, p.product
          ORDER BY SUM(l.amount_cents) DESC, p.product, l.product_id`,
        [from, to],
      ),
      tenantQuery<{ order_cents: string; units: string; orders: number }>(
        this.pool,
        companyId,
        `SELECT COALESCE(SUM(total_cents), 0)::text AS order_cents, COALESCE(SUM(units), 0)::text AS units,
                COUNT(*)::int AS orders
           FROM rm_order
          WHERE company_id = $1 AND status NOT IN ('cancelled', 'rejected')
            AND created_at >= ($2::date)::timestamp AT TIME ZONE $4
            AND created_at < ($3::date + 1)::timestamp AT TIME ZONE $4`,
        [from, to, timeZone],
      ),
    ]);
    const totalInvoices = totals[0]?.invoices ?? 0;
    const productStats: ReportProductStat[] = products.map((row) => ({
      product_id: row.product_id,
      product: row.product,
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
