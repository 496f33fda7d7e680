import { permitKey } from '#domain/customers/tabc-permit.js';
import { mapColumns, parseDate } from './tabc-columns.js';

/**
 * The Comptroller's "Mixed Beverage Gross Receipts" (data.texas.gov naa9-5pif): one row per location and month,
 * with the location's taxpayer number and its TABC permit. Headers by the data set's API names (`taxpayer_number`)
 * or its CSV export's display names ("Taxpayer Number"), compared in normal form; unknown columns are ignored.
 */
export const RECEIPTS_COLUMNS = {
  taxpayer_number: ['taxpayer_number'],
  taxpayer_name: ['taxpayer_name'],
  location_name: ['location_name'],
  location_address: ['location_address'],
  location_city: ['location_city'],
  location_state: ['location_state'],
  location_zip: ['location_zip'],
  tabc_permit_number: ['tabc_permit_number'],
  obligation_end_date: ['obligation_end_date_yyyymmdd', 'obligation_end_date'],
  total_receipts: ['total_receipts'],
} as const;

export type ReceiptsField = keyof typeof RECEIPTS_COLUMNS;

export const RECEIPTS_LABEL = 'mixed beverage gross receipts file';

export const receiptsColumns = (headers: string[]) =>
  mapColumns(headers, RECEIPTS_COLUMNS, { all: ['taxpayer_number', 'tabc_permit_number'] }, RECEIPTS_LABEL);

export interface ReceiptsRow {
  permitKey: string;
  permit: string;
  taxpayerNumber: string;
  /** 'YYYY-MM-DD' of the month's last day; '' when the row has none: the latest month's number wins. */
  obligationEndOn: string;
}

/**
 * One row's permit and taxpayer number, or why it is skipped. A Comptroller taxpayer number is 11 digits; hyphens and
 * spaces between them are dropped, and anything else (a spreadsheet that dropped a digit, 10 digits) is refused:
 * a wrong number on the monthly report is worse than none.
 */
export function receiptsRow(
  fields: string[],
  map: Partial<Record<ReceiptsField, number>>,
): ReceiptsRow | string {
  const get = (field: ReceiptsField) => (map[field] === undefined ? '' : (fields[map[field]!] ?? '').trim());
  const permit = get('tabc_permit_number').toUpperCase();
  const key = permitKey(permit);
  if (!key) return 'no TABC permit number';
  const typed = get('taxpayer_number');
  const digits = typed.replace(/[\s-]/g, '');
  if (!/^\d{11}$/.test(digits))
    return `taxpayer number "${typed.slice(0, 20)}" of ${permit.slice(0, 20)} is not 11 digits`;
  const end = get('obligation_end_date');
  const obligationEndOn = /^\d{8}$/.test(end)
    ? `${end.slice(0, 4)}-${end.slice(4, 6)}-${end.slice(6, 8)}`
    : (parseDate(end) ?? '');
  return { permitKey: key, permit, taxpayerNumber: digits, obligationEndOn };
}
