import { format, isValid, parseISO } from 'date-fns';

/** Display and filter formats of spec 000 §9. */
export const DATE_FORMAT = 'dd MMM, yyyy';
export const DATE_TIME_FORMAT = 'dd MMM, yyyy hh:mm a';
export const FILTER_DATE_FORMAT = 'yyyy-MM-dd';
export const FILE_DATE_FORMAT = 'dd_MMM_yyyy';

export type DateInput = Date | string | number | null | undefined;

/** ISO instants and 'yyyy-MM-dd' business dates (read as local dates, never shifted by the time zone). */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : typeof value === 'number' ? new Date(value) : parseISO(value);
  return isValid(date) ? date : null;
}

const formatWith =
  (pattern: string) =>
  (value: DateInput, fallback = '') => {
    const date = toDate(value);
    return date ? format(date, pattern) : fallback;
  };

/** '05 Mar, 2026' */
export const formatDate = formatWith(DATE_FORMAT);
/** '05 Mar, 2026 02:07 PM' */
export const formatDateTime = formatWith(DATE_TIME_FORMAT);
/** '2026-03-05', for grid filters and API date parameters */
export const formatFilterDate = formatWith(FILTER_DATE_FORMAT);
/** '05_Mar_2026', for downloaded file names */
export const formatFileDate = formatWith(FILE_DATE_FORMAT);

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Money in US dollars with 2 decimals: 1234.5 → '$1,234.50', -3 → '-$3.00'. Empty input gives the fallback. */
export function formatMoney(amount: number | string | null | undefined, fallback = ''): string {
  if (amount === null || amount === undefined || amount === '') return fallback;
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return fallback;
  const rounded = Math.round(value * 100) / 100;
  return dollars.format(Object.is(rounded, -0) ? 0 : rounded);
}

/** Integer cents (as events and read models keep money) shown as dollars. */
export const formatCents = (cents: number | null | undefined, fallback = ''): string =>
  cents === null || cents === undefined ? fallback : formatMoney(cents / 100, fallback);

/** A plain 2-decimal amount for inputs: 12.5 → '12.50'. */
export const toAmount = (value: number): string => (Math.round(value * 100) / 100).toFixed(2);
