import type { ProductType } from '../products/product.rules.js';
import { containerMillilitres } from '../products/container-size.js';
import { addCalendarDays, isTexasBusinessDay } from '../shared/texas-calendar.js';

/**
 * The Comptroller's monthly alcohol sales report (Tex. Tax Code §151.462): an LP permittee files, by the
 * 25th, one report per permit listing its sales to retailers of the month before. Pure rules; the API reads the
 * month's sale lines from the read models and streams them through `reportCells`.
 */

export const REPORT_MESSAGES = {
  month: 'month must be a month (YYYY-MM).',
  monthInFuture: 'month cannot be after the current month.',
} as const;

/** 'YYYY-MM' of a real month (1900–2999). */
export function isReportMonth(value: unknown): value is string {
  return typeof value === 'string' && /^(19|2\d)\d\d-(0[1-9]|1[0-2])$/.test(value);
}

/** The first and last business day of a month 'YYYY-MM'. */
export function monthDays(month: string): { from: string; to: string } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** The month after 'YYYY-MM'. */
export function nextMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * The report of a month is due on the 25th of the month after; when the 25th is a Saturday, a Sunday or a Texas
 * holiday, on the next business day.
 */
export function reportDueOn(month: string): string {
  let day = `${nextMonth(month)}-25`;
  while (!isTexasBusinessDay(day)) day = addCalendarDays(day, 1);
  return day;
}

/** The Comptroller's penalty for each report filed after its due date, in dollars. */
export const LATE_REPORT_PENALTY = 50;

/** The month a business day falls in. */
export const monthOf = (day: string): string => day.slice(0, 7);

/** The month before 'YYYY-MM' (the month whose report is due in this one). */
export const previousMonth = (month: string): string => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, '0')}`;
};

/**
 * The report's beverage types: DS distilled spirits, W wine, B beer, ML malt liquor. Our products know liquor, wine
 * and beer only (as the client's specification asks), so ML is never written: Texas law has counted ale and malt liquor as beer since
 * 2019 (our assumption, README). N/A (non-alcoholic) lines are not reported.
 */
export type BeverageType = 'DS' | 'W' | 'B' | 'ML';

export function beverageTypeOf(type: ProductType): BeverageType | null {
  switch (type) {
    case 'LIQUOR':
      return 'DS';
    case 'WINE':
      return 'W';
    case 'BEER':
      return 'B';
    default:
      return null;
  }
}

/** The columns of the CSV under our own headers, in order (the second export; the RITS file is `rits-file.ts`). */
export const REPORT_COLUMNS = [
  'Seller Permit',
  'Report Month',
  'Retailer Taxpayer Number',
  'Retailer TABC Permit',
  'Retailer Name',
  'Retailer Address',
  'Retailer City',
  'Retailer State',
  'Retailer Zip',
  'Invoice Date',
  'Invoice Number',
  'Brand',
  'Beverage Type',
  'Container Size',
  'Container Size (mL)',
  'Pack',
  'UPC',
  'Units',
  'Unit Price',
  'Net Price',
] as const;

/** One reported sale line, as the API reads it. */
export interface ReportLine {
  retailerTaxpayerNumber: string | null;
  retailerPermit: string;
  retailerName: string;
  retailerAddress: string;
  retailerCity: string;
  retailerState: string;
  retailerZip: string;
  invoicedOn: string;
  invoiceNumber: string;
  brand: string;
  productType: ProductType;
  size: string;
  caseSize: number | null;
  upc: string | null;
  units: number;
  unitPriceCents: number;
  netCents: number;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The cells of one line (net price = the line total before sales tax). */
export function reportCells(
  seller: { permit: string; month: string },
  line: ReportLine,
): (string | number)[] {
  const ml = containerMillilitres(line.size);
  return [
    seller.permit,
    seller.month,
    line.retailerTaxpayerNumber ?? '',
    line.retailerPermit,
    line.retailerName,
    line.retailerAddress,
    line.retailerCity,
    line.retailerState,
    line.retailerZip,
    line.invoicedOn,
    line.invoiceNumber,
    line.brand,
    beverageTypeOf(line.productType) ?? '',
    line.size,
    ml === null ? '' : ml,
    line.caseSize ?? '',
    line.upc ?? '',
    line.units,
    dollars(line.unitPriceCents),
    dollars(line.netCents),
  ];
}

/**
 * What the check names, in the terms of the RITS file: the seller's permit; per customer its taxpayer number,
 * name, address, city, state, ZIP and TABC permit; per product its UPC, beverage class, brand and container size;
 * and the month's draft invoices (left out of the report until they are invoiced).
 */
export type MissingDataKind =
  | 'seller_permit'
  | 'customer_taxpayer_number'
  | 'customer_name'
  | 'customer_address'
  | 'customer_city'
  | 'customer_state'
  | 'customer_zip'
  | 'customer_permit'
  | 'product_upc'
  | 'product_class'
  | 'product_brand'
  | 'product_size'
  | 'draft_invoice';

export const DRAFT_INVOICE_MESSAGE = 'Still a draft: not reported until it is invoiced (or cancelled).';

/** True when a product's size names no volume the report can give. */
export const sizeUnreadable = (size: string): boolean => containerMillilitres(size) === null;
