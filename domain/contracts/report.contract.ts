/*
 * What GET /company/stats answers, as the API writes it and the web reads it (as the client's specification asks).
 * Types only: the web build imports this file too. Money in dollars (the API converts from cents once).
 */

/** The kind of period a report compares: `name` on GET /company/stats (Monthly or Weekly, Monthly first). */
export type ReportPeriodName = 'monthly' | 'weekly';

/**
 * Totals over the period (as the client's specification asks): its invoices (cancelled and
 * deleted ones left out), the distinct customers they were made out to, and the orders placed in it (cancelled and
 * rejected ones left out).
 */
export interface ReportStats {
  customerCount: number;
  invoiceCount: number;
  invoiceTotal: number;
  orderCount: number;
  orderTotal: number;
}

/**
 * One product sold in the period: `invoice` is the number of counted invoices naming it, `total_qty` its units,
 * `total_amount` its line totals in dollars, `total_invoices` the number of counted invoices in the whole period
 * (the same on every row, so a share is `invoice / total_invoices`).
 */
export interface ReportProductStat {
  product_id: string;
  product: string;
  /** Its size ('750ml'): two sizes of one product are two rows. */
  product_size: string;
  invoice: number;
  total_qty: number;
  total_amount: number;
  total_invoices: number;
}

/** GET /company/stats?name=&from=&to= */
export interface ReportAnswer {
  name: ReportPeriodName;
  from: string;
  to: string;
  generated_at: string;
  stats: ReportStats;
  productStats: ReportProductStat[];
  orderStats: { total_qty: number };
}
