import type { ProductType } from '../products/product.rules.js';
import { containerMillilitres } from '../products/container-size.js';

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

/** The report of a month is due on the 25th of the month after (§151.462). */
export const reportDueOn = (month: string): string => `${nextMonth(month)}-25`;

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

/** The CSV's columns, in order (our assumption of the RITS layout: README "For TABC inspections"). */
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

/** What must be filled before the report can be filed: one kind per check. */
export type MissingDataKind =
  | 'seller_permit'
  | 'customer_taxpayer_number'
  | 'product_upc'
  | 'product_size'
  | 'product_case_size'
  | 'draft_invoice';

export const MISSING_DATA_MESSAGES: Record<MissingDataKind, string> = {
  seller_permit: "The company's TABC permit is missing (Settings).",
  customer_taxpayer_number: 'No Comptroller taxpayer number.',
  product_upc: 'No UPC.',
  product_size: 'The size names no volume (e.g. 750ml, 1.75L, 12oz).',
  product_case_size: 'No case size (the pack).',
  draft_invoice: 'Still a draft: not reported until it is invoiced (or cancelled).',
};

/** True when a product's size names no volume the report can give. */
export const sizeUnreadable = (size: string): boolean => containerMillilitres(size) === null;
