import { BadRequestException } from '@nestjs/common';
import type pg from 'pg';
import type {
  AlcoholReportMonth,
  AlcoholSalesReportAnswer,
  MissingDataItem,
} from '#domain/contracts/alcohol-sales.contract.js';
import type { ProductType } from '#domain/products/product.rules.js';
import {
  beverageTypeOf,
  DRAFT_INVOICE_MESSAGE,
  isReportMonth,
  monthDays,
  monthOf,
  REPORT_MESSAGES,
  reportDueOn,
  type BeverageType,
  type ReportLine,
} from '#domain/reports/alcohol-sales-report.js';
import { ritsProblems } from '#domain/reports/rits-check.js';
import { ritsFilename, ritsRecords, type RitsSale } from '#domain/reports/rits-file.js';
import { businessDate, DEFAULT_TIME_ZONE } from '#domain/shared/business-date.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import type { SqlQuery } from '#infra/grid/index.js';

/**
 * The month's reported lines: the counted sale lines (`rm_product_sale_line`: not cancelled, not deleted) on the
 * month's invoice dates, read through the company-and-day index (`rm_product_sale_line_day_idx`), and the credited
 * lines of the credit memos issued in the month (`rm_credit_memo`, through its company-and-day index) as negative
 * units and amounts: a return counts in the month of its memo, whatever the invoice's month, and shows the memo's
 * date and number. A report once filed never changes: a memo voided in the month it was issued leaves both out, a
 * memo voided in a later month stays in its own month and its void adds the units back in the month of the void (the
 * company's day, $4 its time zone; through the void index, over the company's few voids), as "CM-1001 void". A memo of a plain amount names no
 * product, so it has no line here. Each line is
 * looked up in its invoice, product and customer by primary key; draft invoices are left out (the check lists them).
 * The look-ups are LATERAL with LIMIT 1, so the planner cannot turn them into scans of the company's invoices (it
 * did, with a fresh table's statistics: every line scanned the company's whole invoice index). What it costs follows
 * the month's lines, never the company's history. Retailer, product, UPC, size and case size are read as they are
 * now, so what the check asks to fill shows in the next download. The lines are the company's ($1); the ids they
 * name are its own.
 */
/** The first instant of the month after a memo's issue day, on the company's clock ($4). */
const MONTH_AFTER_ISSUE = `((date_trunc('month', m.issued_on) + interval '1 month')::timestamp AT TIME ZONE $4)`;

const MONTH_LINES = `
  FROM (SELECT s.customer_id, s.product_id, s.invoice_id, s.sold_on, NULL::text AS memo_number, 0 AS memo,
               s.line_no, s.units::numeric AS units, s.price_cents, s.amount_cents
          FROM rm_product_sale_line s
         WHERE s.company_id = $1 AND s.counted AND s.sold_on BETWEEN $2::date AND $3::date
        UNION ALL
        SELECT m.customer_id, x."productId"::uuid, m.invoice_id, m.issued_on, m.number, 1, x."lineNo",
               -x.qty, x."priceCents", -x."totalCents"
          FROM rm_credit_memo m
          CROSS JOIN LATERAL jsonb_to_recordset(m.lines)
                AS x("lineNo" int, "productId" text, qty numeric, "priceCents" bigint, "totalCents" bigint)
         WHERE m.company_id = $1 AND m.issued_on BETWEEN $2::date AND $3::date
           AND (m.status = 'issued' OR m.voided_at >= ${MONTH_AFTER_ISSUE})
        UNION ALL
        SELECT m.customer_id, x."productId"::uuid, m.invoice_id, (m.voided_at AT TIME ZONE $4)::date,
               m.number || ' void', 2, x."lineNo", x.qty, x."priceCents", x."totalCents"
          FROM rm_credit_memo m
          CROSS JOIN LATERAL jsonb_to_recordset(m.lines)
                AS x("lineNo" int, "productId" text, qty numeric, "priceCents" bigint, "totalCents" bigint)
         WHERE m.company_id = $1 AND m.status = 'void'
           AND m.voided_at >= ($2::date::timestamp AT TIME ZONE $4)
           AND m.voided_at < (($3::date + 1)::timestamp AT TIME ZONE $4)
           AND m.voided_at >= ${MONTH_AFTER_ISSUE}) l
  CROSS JOIN LATERAL (SELECT i.number, i.sequence, i.status, i.deleted_at FROM rm_invoice i
                       WHERE i.id = l.invoice_id LIMIT 1) i
  CROSS JOIN LATERAL (SELECT p.product, p.product_type, p.product_size, p.case_size, p.upc FROM rm_product p
                       WHERE p.id = l.product_id LIMIT 1) p
  CROSS JOIN LATERAL (SELECT c.comptroller_taxpayer_number, c.display_tabc_id, c.name, c.address, c.city, c.state,
                             c.zip FROM rm_customer c WHERE c.id = l.customer_id LIMIT 1) c
 WHERE (l.memo > 0 OR (i.deleted_at IS NULL AND i.status NOT IN ('draft', 'cancelled')))
   AND p.product_type IN ('LIQUOR', 'WINE', 'BEER')`;

/** GET …/download: one line per sale or credited line, in date order, a day's sales before its credits. */
export function reportLinesQuery(companyId: string, month: string, timeZone: string): SqlQuery {
  const { from, to } = monthDays(month);
  return {
    text: `SELECT c.comptroller_taxpayer_number, c.display_tabc_id, c.name, c.address, c.city, c.state, c.zip,
                  l.sold_on::text AS sold_on, COALESCE(l.memo_number, i.number) AS number, p.product, p.product_type, p.product_size, p.case_size,
                  p.upc, l.units, l.price_cents, l.amount_cents
             ${MONTH_LINES}
            ORDER BY l.sold_on, l.memo, i.sequence, i.number, l.memo_number, l.line_no`,
    values: [companyId, from, to, timeZone],
  };
}

export function reportLineOf(row: Record<string, unknown>): ReportLine {
  return {
    retailerTaxpayerNumber: (row.comptroller_taxpayer_number as string | null) ?? null,
    retailerPermit: row.display_tabc_id as string,
    retailerName: row.name as string,
    retailerAddress: row.address as string,
    retailerCity: row.city as string,
    retailerState: row.state as string,
    retailerZip: row.zip as string,
    invoicedOn: row.sold_on as string,
    invoiceNumber: row.number as string,
    brand: row.product as string,
    productType: row.product_type as ProductType,
    size: row.product_size as string,
    caseSize: row.case_size === null ? null : Number(row.case_size),
    upc: (row.upc as string | null) ?? null,
    units: Number(row.units),
    unitPriceCents: Number(row.price_cents),
    netCents: Number(row.amount_cents),
  };
}

/** The seller: its permit (one report per permit) and the company's "today". */
export async function reportSeller(pool: pg.Pool, companyId: string) {
  const [company] = await tenantQuery<{ tabc_id: string | null; time_zone: string | null }>(
    pool,
    companyId,
    'SELECT tabc_id, time_zone FROM rm_company WHERE company_id = $1 AND id = $1',
  );
  const timeZone = company?.time_zone || DEFAULT_TIME_ZONE;
  return { permit: (company?.tabc_id ?? '').trim(), timeZone };
}

/** month as asked: a real month, not after the company's current month (400 otherwise). */
export function validMonth(month: unknown, timeZone: string, now: string): string {
  if (!isReportMonth(month))
    throw new BadRequestException({
      statusCode: 400,
      message: REPORT_MESSAGES.month,
      details: [{ field: 'month', message: REPORT_MESSAGES.month }],
    });
  if (month > monthOf(businessDate(now, timeZone)))
    throw new BadRequestException({
      statusCode: 400,
      message: REPORT_MESSAGES.monthInFuture,
      details: [{ field: 'month', message: REPORT_MESSAGES.monthInFuture }],
    });
  return month;
}

export const reportFilename = (permit: string, month: string) =>
  `alcohol_sales_${permit.replace(/[^A-Za-z0-9-]/g, '') || 'no-permit'}_${month}.csv`;

const dollars = (cents: number) => Math.round(cents) / 100;

interface PairRow extends Record<string, unknown> {
  customer_id: string;
  product_id: string;
  lines: number;
  units: string;
  net_cents: string;
  customer_name: string;
  taxpayer: string | null;
  permit: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  product: string;
  product_type: ProductType;
  product_size: string;
  upc: string | null;
}

/** The month's net sales per customer and product, with the counted lines behind each. */
export interface MonthSales {
  sales: (RitsSale & { lines: number })[];
}

/**
 * The month's sales per customer and product (one round trip over the month's lines, grouped), as the RITS file
 * and the check read them: the customer's and product's fields as they are now.
 */
export async function readMonthSales(
  pool: pg.Pool,
  companyId: string,
  month: string,
  timeZone: string,
): Promise<MonthSales> {
  const { from, to } = monthDays(month);
  const pairs = await tenantQuery<PairRow>(
    pool,
    companyId,
    `SELECT l.customer_id, l.product_id, COUNT(*)::int AS lines, SUM(l.units)::text AS units,
            SUM(l.amount_cents)::text AS net_cents, c.name AS customer_name,
            c.comptroller_taxpayer_number AS taxpayer, c.display_tabc_id AS permit, c.address, c.city, c.state,
            c.zip, p.product, p.product_type, p.product_size, p.upc
       ${MONTH_LINES}
      GROUP BY l.customer_id, l.product_id, c.name, c.comptroller_taxpayer_number, c.display_tabc_id, c.address,
               c.city, c.state, c.zip, p.product, p.product_type, p.product_size, p.upc`,
    [from, to, timeZone],
  );
  return {
    sales: pairs.map((pair) => ({
      retailer: {
        id: pair.customer_id,
        taxpayerNumber: pair.taxpayer,
        name: pair.customer_name ?? '',
        address: pair.address ?? '',
        city: pair.city ?? '',
        state: pair.state ?? '',
        zip: pair.zip ?? '',
        permit: pair.permit ?? '',
      },
      productId: pair.product_id,
      brand: pair.product ?? '',
      productType: pair.product_type,
      upc: pair.upc,
      size: pair.product_size ?? '',
      units: Number(pair.units),
      netCents: Number(pair.net_cents),
      lines: pair.lines,
    })),
  };
}

/**
 * GET /comptroller/alcohol-sales: the month's totals, its RITS records and the missing-data check in the RITS
 * file's terms (`ritsProblems`), and the month's draft invoices (through the invoice status index).
 */
export async function readAlcoholSalesReport(
  pool: pg.Pool,
  companyId: string,
  month: string,
  seller: { permit: string; timeZone: string },
  filing: AlcoholReportMonth,
): Promise<AlcoholSalesReportAnswer> {
  const { from, to } = monthDays(month);
  const [{ sales }, drafts] = await Promise.all([
    readMonthSales(pool, companyId, month, seller.timeZone),
    tenantQuery<{ id: string; number: string }>(
      pool,
      companyId,
      `SELECT id, number FROM rm_invoice
        WHERE company_id = $1 AND status = 'draft' AND deleted_at IS NULL
          AND invoiced_on BETWEEN $2::date AND $3::date
        ORDER BY invoiced_on, sequence, number`,
      [from, to],
    ),
  ]);

  const byType = new Map<BeverageType, { type: BeverageType; lines: number; units: number; net: number }>();
  const retailers = new Set<string>();
  let lines = 0;
  let units = 0;
  let netCents = 0;
  for (const sale of sales) {
    const type = beverageTypeOf(sale.productType)!;
    const entry = byType.get(type) ?? { type, lines: 0, units: 0, net: 0 };
    entry.lines += sale.lines;
    entry.units += sale.units;
    entry.net += sale.netCents;
    byType.set(type, entry);
    lines += sale.lines;
    units += sale.units;
    netCents += sale.netCents;
    retailers.add(sale.retailer.id);
  }
  const records = ritsRecords(sales);
  const missing: MissingDataItem[] = [
    ...ritsProblems({ companyId, permit: seller.permit }, records),
    ...drafts.map((draft) => ({
      kind: 'draft_invoice' as const,
      id: draft.id,
      name: `#${draft.number}`,
      message: DRAFT_INVOICE_MESSAGE,
    })),
  ];
  const order: BeverageType[] = ['DS', 'W', 'B', 'ML'];
  return {
    month,
    permit: seller.permit,
    due_on: reportDueOn(month),
    ready: missing.length === 0,
    totals: { lines, retailers: retailers.size, units, net: dollars(netCents) },
    by_type: order
      .filter((type) => byType.has(type))
      .map((type) => ({ ...byType.get(type)!, net: dollars(byType.get(type)!.net) })),
    records: records.length,
    no_sales: records.length === 0,
    missing,
    filename: reportFilename(seller.permit, month),
    rits_filename: ritsFilename(seller.permit, month),
    filing,
  };
}
