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
   * For the business days [from, to]: the invoice total (cancelled and deleted invoices left out) less the credit
   * memos issued on those days (void memos left out), per product what the counted sale lines sold less what the
   * memos of those days credited (a credit counts in the period of its memo, whatever its invoice's date; a memo of
   * a plain amount lowers the total only), and the orders placed on those days in the company's time zone
   * (cancelled and rejected orders left out).
   */
  periodStats(companyId: string, from: string, to: string, timeZone: string) {
    return Promise.all([
      tenantQuery<{ invoice_cents: string; invoices: number; customers: number }>(
        this.pool,
        companyId,
        `SELECT (COALESCE(SUM(total_cents), 0)
                 - (SELECT COALESCE(SUM(m.total_cents), 0) FROM rm_credit_memo m
                     WHERE m.company_id = $1 AND m.status = 'issued'
                       AND m.issued_on BETWEEN $2::date AND $3::date))::text AS invoice_cents,
                COUNT(*)::int AS invoices, COUNT(DISTINCT customer_id)::int AS customers
           FROM rm_invoice
          WHERE company_id = $1 AND deleted_at IS NULL AND status <> 'cancelled'
            AND invoiced_on BETWEEN $2::date AND $3::date`,
        [from, to],
      ),
      tenantQuery<{
        product_id: string;
        product: string;
        product_size: string;
        invoices: number;
        units: string;
        cents: string;
      }>(
        this.pool,
        companyId,
        `SELECT l.product_id, COALESCE(p.product, '') AS product, COALESCE(p.product_size, '') AS product_size,
                COUNT(DISTINCT l.invoice_id) FILTER (WHERE l.sale)::int AS invoices,
                SUM(l.units)::text AS units, SUM(l.amount_cents)::text AS cents
           FROM (SELECT s.product_id, s.invoice_id, true AS sale, s.units::numeric AS units, s.amount_cents
                   FROM rm_product_sale_line s
                  WHERE s.company_id = $1 AND s.counted AND s.sold_on BETWEEN $2::date AND $3::date
                 UNION ALL
                 SELECT x."productId"::uuid, m.invoice_id, false, -x.qty, -x."totalCents"
                   FROM rm_credit_memo m
                  CROSS JOIN LATERAL jsonb_to_recordset(m.lines)
                        AS x("productId" text, qty numeric, "totalCents" bigint)
                  WHERE m.company_id = $1 AND m.status = 'issued'
                    AND m.issued_on BETWEEN $2::date AND $3::date) l
           LEFT JOIN rm_product p ON p.id = l.product_id AND p.company_id = $1
          GROUP BY l.product_id, p.product, p.product_size
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
