import type {
  ReportAnswer,
  ReportPeriodName,
  ReportProductStat,
} from '../../../../domain/contracts/report.contract.js';
import { BadRequestException, Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString } from 'class-validator';
import type pg from 'pg';
import { businessDate, DEFAULT_TIME_ZONE, isBusinessDate } from '../../../../domain/shared/business-date.js';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/public.decorator.js';
import { RequiresFeature } from '../features/requires-feature.decorator.js';
import { tenantQuery } from '../infra/db/tenant-query.js';
import { PG_POOL } from '../infra/projections.provider.js';

const PERIOD_NAMES: ReportPeriodName[] = ['monthly', 'weekly'];

/** The query of GET /company/stats: the kind of period (Monthly by default) and its first and last business days. */
export class ReportParams {
  @IsOptional()
  @IsIn(PERIOD_NAMES, { message: 'name must be monthly or weekly' })
  name?: ReportPeriodName;

  @IsOptional()
  @IsString()
  from?: string;

  @IsOptional()
  @IsString()
  to?: string;
}

const dollars = (cents: unknown) => Number(cents ?? 0) / 100;

/**
 * Report stats (spec 001 §2 /reports, §3 Report stats): for the business days [from, to] of the caller's company,
 * the invoice total (`rm_invoice`, cancelled and deleted invoices left out) and per product what the counted sale
 * lines sold (`rm_product_sale_line`, counted = not cancelled, not deleted). `name` only labels the period (the
 * page snaps it to a month or a week); the API answers any range up to today. Orders do not exist yet, so
 * orderTotal and orderStats.total_qty are 0.
 */
@ApiTags('reports')
@ApiBearerAuth()
@RequiresFeature('reports')
@Controller('company/stats')
export class ReportsController {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  @Get()
  @ApiOperation({ summary: 'Invoice and order totals and product stats for a period (reports feature)' })
  async stats(@CurrentUser() user: AuthUser, @Query() params: ReportParams): Promise<ReportAnswer> {
    const companyId = user.companyId;
    const [zone] = await tenantQuery<{ time_zone: string | null }>(
      this.pool,
      companyId,
      'SELECT time_zone FROM rm_company WHERE company_id = $1 AND id = $1',
    );
    const now = new Date().toISOString();
    const today = businessDate(now, zone?.time_zone || DEFAULT_TIME_ZONE);
    const { from, to } = validPeriod(params, today);

    const [totals, products] = await Promise.all([
      tenantQuery<{ invoice_cents: string; invoices: number }>(
        this.pool,
        companyId,
        `SELECT COALESCE(SUM(total_cents), 0)::text AS invoice_cents, COUNT(*)::int AS invoices
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
      stats: { invoiceTotal: dollars(totals[0]?.invoice_cents), orderTotal: 0 },
      productStats,
      orderStats: { total_qty: 0 },
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
