import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';

/**
 * The report and dashboard stats' reads. Every query reads only the period (indexes on the company and the day),
 * never the whole history.
 */
@Injectable()
export class ReportsReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  /**
   * For the business days [from, to]: the invoice total (cancelled and deleted invoices left out), per product what
   * the counted sale lines sold, and the orders placed on those days in the company's time zone (cancelled and
   * rejected orders left out).
   */
  periodStats(companyId: string, from: string, to: string, timeZone: string) {
    return Promise.all([
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
  }
}
