import type { ProductType } from '../products/product.rules.js';
import { beverageTypeOf, type BeverageType } from './alcohol-sales-report.js';

/**
 * The monthly alcohol sales report in the Comptroller's RITS layout (Retail Inventory Tracking System): a
 * comma-delimited text file, one record per line (CRLF), no header record, fields in the order below. Each field has a
 * maximum length: a longer value is cut to it, a shorter one is written as it is (no padding). Free text is made safe
 * for a delimited file: letters with accents lose them, anything outside printable ASCII, and every comma and double
 * quote, becomes a space, runs of spaces become one, and the value is trimmed — so a record never needs quoting and
 * its fields are read back by position. Pure: the API reads the month's sales per retailer and product and writes
 * `ritsFile(ritsRecords(...))`.
 */

export type RitsFieldName =
  | 'sellerPermit'
  | 'retailerTaxpayerNumber'
  | 'retailerName'
  | 'retailerAddress'
  | 'retailerCity'
  | 'retailerState'
  | 'retailerZip'
  | 'retailerPermit'
  | 'beverageClass'
  | 'upc'
  | 'brand'
  | 'containerSize'
  | 'containers'
  | 'sellingPrice';

export interface RitsField {
  name: RitsFieldName;
  /** As the screen and the missing-data check name it. */
  label: string;
  /** The most characters the field takes. */
  width: number;
}

/**
 * The record, in order. The widths of the seller's permit and of the retailer's fields are the Comptroller's; the
 * widths of UPC (a GTIN has at most 14 digits), brand, container size, count and price are our reading.
 */
export const RITS_FIELDS: readonly RitsField[] = [
  { name: 'sellerPermit', label: 'Seller TABC permit', width: 8 },
  { name: 'retailerTaxpayerNumber', label: 'Retailer taxpayer number', width: 11 },
  { name: 'retailerName', label: 'Retailer name', width: 50 },
  { name: 'retailerAddress', label: 'Retailer address', width: 50 },
  { name: 'retailerCity', label: 'Retailer city', width: 30 },
  { name: 'retailerState', label: 'Retailer state', width: 2 },
  { name: 'retailerZip', label: 'Retailer ZIP', width: 5 },
  { name: 'retailerPermit', label: 'Retailer TABC permit', width: 8 },
  { name: 'beverageClass', label: 'Beverage class', width: 2 },
  { name: 'upc', label: 'UPC', width: 14 },
  { name: 'brand', label: 'Brand', width: 50 },
  { name: 'containerSize', label: 'Container size', width: 10 },
  { name: 'containers', label: 'Number of containers', width: 9 },
  { name: 'sellingPrice', label: 'Total selling price', width: 12 },
];

export const RITS_WIDTH: Readonly<Record<RitsFieldName, number>> = Object.fromEntries(
  RITS_FIELDS.map((field) => [field.name, field.width]),
) as Record<RitsFieldName, number>;

/** What the report knows of one retailer (a customer) as it is now. */
export interface RitsRetailer {
  id: string;
  taxpayerNumber: string | null;
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  permit: string;
}

/** The month's net sales of one product to one retailer (sales less the credit memos of the month). */
export interface RitsSale {
  retailer: RitsRetailer;
  productId: string;
  brand: string;
  productType: ProductType;
  upc: string | null;
  size: string;
  units: number;
  netCents: number;
}

/** One report line: a retailer × beverage class × UPC × brand × container size, with its totals. */
export interface RitsRecord {
  retailer: RitsRetailer;
  productIds: string[];
  beverageClass: BeverageType | null;
  upc: string;
  brand: string;
  containerSize: string;
  containers: number;
  sellingPriceCents: number;
}

/** Free text as a delimited field takes it (see the file's rules above), not yet cut. */
export function ritsText(value: string | null | undefined): string {
  return (value ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|[,"]/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** The value cut to its field's width. */
export const cut = (value: string, name: RitsFieldName): string => value.slice(0, RITS_WIDTH[name]);

/** Digits only (hyphens, spaces and any other character dropped). */
const digits = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '');

/** The retailer's taxpayer number: its 11 digits, or "0" when it is unknown, as the Comptroller asks. */
export function ritsTaxpayerNumber(value: string | null | undefined): string {
  const number = digits(value);
  return number.length === 11 ? number : '0';
}

/** The container size as typed, upper-cased and without spaces ("750 ml" → "750ML", "1.75L", "12OZ"). */
export const ritsContainerSize = (size: string) => ritsText(size).replace(/ /g, '').toUpperCase();

/** The 5-digit ZIP (a ZIP+4 keeps its first five digits). */
export const ritsZip = (zip: string) => digits(zip).slice(0, 5);

/**
 * The month's lines: the sales of each retailer summed per beverage class, UPC, brand and container size (two
 * products with the same four make one line). A line whose containers and price both net to zero (sold and credited
 * in full) is left out; a line that nets below zero (more credited than sold in the month) stays negative. Sorted by
 * retailer name, then brand, size and UPC, so the same month reads the same every time.
 */
export function ritsRecords(sales: readonly RitsSale[]): RitsRecord[] {
  const records = new Map<string, RitsRecord>();
  for (const sale of sales) {
    const record: RitsRecord = {
      retailer: sale.retailer,
      productIds: [sale.productId],
      beverageClass: beverageTypeOf(sale.productType),
      upc: digits(sale.upc),
      brand: ritsText(sale.brand),
      containerSize: ritsContainerSize(sale.size),
      containers: sale.units,
      sellingPriceCents: sale.netCents,
    };
    const key = [sale.retailer.id, record.beverageClass, record.upc, record.brand, record.containerSize].join(
      '\u0000',
    );
    const same = records.get(key);
    if (!same) records.set(key, record);
    else {
      same.containers += record.containers;
      same.sellingPriceCents += record.sellingPriceCents;
      if (!same.productIds.includes(sale.productId)) same.productIds.push(sale.productId);
    }
  }
  const text = (record: RitsRecord) => [
    ritsText(record.retailer.name),
    record.retailer.id,
    record.brand,
    record.containerSize,
    record.upc,
  ];
  return [...records.values()]
    .filter((record) => record.containers !== 0 || record.sellingPriceCents !== 0)
    .sort((a, b) => {
      const [x, y] = [text(a), text(b)];
      for (let i = 0; i < x.length; i += 1) {
        const order = x[i]!.localeCompare(y[i]!);
        if (order !== 0) return order;
      }
      return 0;
    });
}

/** Cents as dollars with two decimals and no thousands separator ("-39.98", "1234.50"). */
export const ritsMoney = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** One record's fields, in the layout's order, each made safe and cut to its width. */
export function ritsFields(sellerPermit: string, record: RitsRecord): string[] {
  const r = record.retailer;
  const values: Record<RitsFieldName, string> = {
    sellerPermit: ritsText(sellerPermit).replace(/ /g, '').toUpperCase(),
    retailerTaxpayerNumber: ritsTaxpayerNumber(r.taxpayerNumber),
    retailerName: ritsText(r.name),
    retailerAddress: ritsText(r.address),
    retailerCity: ritsText(r.city),
    retailerState: ritsText(r.state).toUpperCase(),
    retailerZip: ritsZip(r.zip),
    retailerPermit: ritsText(r.permit).replace(/ /g, '').toUpperCase(),
    beverageClass: record.beverageClass ?? '',
    upc: record.upc,
    brand: record.brand,
    containerSize: record.containerSize,
    containers: String(record.containers),
    sellingPrice: ritsMoney(record.sellingPriceCents),
  };
  return RITS_FIELDS.map((field) => cut(values[field.name], field.name));
}

/**
 * The file: one line per record. A month without sales is still reported: its file is the "no sales" report, one
 * record with the seller's permit, no retailer or product, 0 containers and a selling price of 0.00.
 */
export function ritsFile(sellerPermit: string, records: readonly RitsRecord[]): string {
  const lines =
    records.length > 0
      ? records.map((record) => ritsFields(sellerPermit, record))
      : [
          RITS_FIELDS.map((field) =>
            field.name === 'sellerPermit'
              ? cut(ritsText(sellerPermit).replace(/ /g, '').toUpperCase(), 'sellerPermit')
              : field.name === 'containers'
                ? '0'
                : field.name === 'sellingPrice'
                  ? '0.00'
                  : '',
          ),
        ];
  return lines.map((fields) => `${fields.join(',')}\r\n`).join('');
}

/** The file's name: `RITS_{permit}_{YYYY-MM}.csv`. */
export const ritsFilename = (permit: string, month: string) =>
  `RITS_${permit.replace(/[^A-Za-z0-9-]/g, '') || 'no-permit'}_${month}.csv`;
