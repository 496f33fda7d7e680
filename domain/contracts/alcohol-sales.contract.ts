/*
 * What GET /comptroller/alcohol-sales and the filing calls answer (the Comptroller's monthly alcohol sales report),
 * as the API writes it and the web reads it. Types only: the web build imports this file too. Money in dollars.
 */
import type { BeverageType, MissingDataKind } from '../reports/alcohol-sales-report.js';

/** One thing to fill before filing: a customer, a product, an invoice, or the company itself. */
export interface MissingDataItem {
  kind: MissingDataKind;
  /** The customer's, product's or invoice's id; the company's for `seller_permit`. */
  id: string;
  /** The customer's or product's name, or the invoice's number. */
  name: string;
  /** The RITS field it affects (none for a draft invoice). */
  field?: string;
  message: string;
}

export interface AlcoholSalesTotals {
  /** Reported lines (liquor, wine and beer lines of counted, non-draft invoices). */
  lines: number;
  retailers: number;
  units: number;
  net: number;
}

/**
 * Where a month's report stands: `due` (not filed, due date not passed), `late` (not filed after its due date: the
 * Comptroller's $50 penalty), `filed` (on time), `filed_late`.
 */
export type AlcoholReportStatus = 'due' | 'late' | 'filed' | 'filed_late';

export interface AlcoholReportMonth {
  /** YYYY-MM */
  month: string;
  /** The 25th of the month after, or the next business day. */
  due_on: string;
  status: AlcoholReportStatus;
  /** The penalty in dollars when late (filed late or still not filed after the due date), else 0. */
  penalty: number;
  downloads: number;
  downloaded_at: string | null;
  /** The name of the user who downloaded the RITS file last. */
  downloaded_by: string | null;
  /** The last RITS file downloaded was the no-sales report. */
  no_sales: boolean | null;
  filed_at: string | null;
  filed_by: string | null;
  confirmation_number: string | null;
}

/** GET /company/{id}/alcohol-reports: the months whose report is due or was due, newest first. */
export interface AlcoholReportMonthsAnswer {
  /** The company's business day. */
  today: string;
  months: AlcoholReportMonth[];
  /**
   * The dashboard's reminder: the previous month's report when it is not filed (due soon, or late), else null.
   */
  reminder: AlcoholReportMonth | null;
}

/** POST /company/{id}/alcohol-reports/{month}/filed */
export interface MarkAlcoholReportFiledBody {
  confirmation_number: string;
}

export interface AlcoholSalesReportAnswer {
  /** YYYY-MM */
  month: string;
  /** The seller's TABC permit: one report per permit. */
  permit: string;
  /** The 25th of the month after, or the next business day when it is a weekend or a Texas holiday. */
  due_on: string;
  /** Every check passed: nothing to fill. */
  ready: boolean;
  totals: AlcoholSalesTotals;
  by_type: { type: BeverageType; lines: number; units: number; net: number }[];
  /** Records of the RITS file (one per retailer, class, UPC, brand and container size). */
  records: number;
  /** No sales in the month: the RITS file is the no-sales report. */
  no_sales: boolean;
  missing: MissingDataItem[];
  /** The CSV's file name. */
  filename: string;
  /** The RITS file's name. */
  rits_filename: string;
  /** The month's filing. */
  filing: AlcoholReportMonth;
}
