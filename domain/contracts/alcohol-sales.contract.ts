/*
 * What GET /comptroller/alcohol-sales answers (the Comptroller's monthly alcohol sales report), as the
 * API writes it and the web reads it. Types only: the web build imports this file too. Money in dollars.
 */
import type { BeverageType, MissingDataKind } from '../reports/alcohol-sales-report.js';

/** One thing to fill before filing: a customer, a product, an invoice, or the company itself. */
export interface MissingDataItem {
  kind: MissingDataKind;
  /** The customer's, product's or invoice's id; the company's for `seller_permit`. */
  id: string;
  /** The customer's or product's name, or the invoice's number. */
  name: string;
  message: string;
}

export interface AlcoholSalesTotals {
  /** Reported lines (liquor, wine and beer lines of counted, non-draft invoices). */
  lines: number;
  retailers: number;
  units: number;
  net: number;
}

export interface AlcoholSalesReportAnswer {
  /** YYYY-MM */
  month: string;
  /** The seller's TABC permit: one report (one CSV) per permit. */
  permit: string;
  /** The 25th of the month after. */
  due_on: string;
  /** Every check passed: nothing to fill. */
  ready: boolean;
  totals: AlcoholSalesTotals;
  by_type: { type: BeverageType; lines: number; units: number; net: number }[];
  missing: MissingDataItem[];
  /** The CSV's file name. */
  filename: string;
}
