import { TZDate } from '@date-fns/tz';
import { format, isValid, parseISO, subMonths } from 'date-fns';
import { businessDate, DEFAULT_TIME_ZONE, isTimeZone } from '#domain/shared/business-date';

/** Display and filter formats the client's specification gives. */
export const DATE_FORMAT = 'dd MMM, yyyy';
export const DATE_TIME_FORMAT = 'dd MMM, yyyy hh:mm a';
export const FILTER_DATE_FORMAT = 'yyyy-MM-dd';
export const FILE_DATE_FORMAT = 'dd_MMM_yyyy';
/** What an <input type="datetime-local"> holds: a wall-clock time with no zone. */
export const WALL_TIME_FORMAT = "yyyy-MM-dd'T'HH:mm:ss";

export type DateInput = Date | string | number | null | undefined;

/**
 * Every date and time the user sees is in the company's time zone, whatever the browser's: one clock on every
 * screen, in every export and PDF. The signed-in company's zone is set here once it is known (and again when the
 * owner changes it); until then, and for a company without one, it is America/Chicago.
 */
let companyZone = DEFAULT_TIME_ZONE;

export function setCompanyTimeZone(timeZone: string | null | undefined): void {
  companyZone = timeZone && isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
}

/** The zone every date and time is shown in. */
export const companyTimeZone = (): string => companyZone;

const BUSINESS_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/**
 * A value as a moment in the company's zone (a TZDate, so date-fns reads its wall clock there):
 * - an instant (a Date, milliseconds, or an ISO string with Z or an offset) stays the same instant;
 * - a business date `yyyy-MM-dd` is that calendar day (never shifted by any zone);
 * - a wall time without a zone (`yyyy-MM-ddTHH:mm[:ss]`) is that time on the company's clock.
 * Null for empty or invalid input.
 */
export function toDate(value: DateInput, timeZone = companyZone): TZDate | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    const day = BUSINESS_DATE.exec(value);
    const wall = day ? null : WALL_TIME.exec(value);
    const parts = day ?? wall;
    if (parts) {
      const [year, month, date, hours = '0', minutes = '0', seconds = '0'] = parts
        .slice(1)
        .map((p) => p ?? '0');
      const moment = new TZDate(
        Number(year),
        Number(month) - 1,
        Number(date),
        Number(hours),
        Number(minutes),
        Number(seconds),
        timeZone,
      );
      // 2026-02-30 rolls over to March: not a date
      return isValid(moment) && moment.getDate() === Number(date) ? moment : null;
    }
  }
  const instant =
    value instanceof Date ? value : typeof value === 'number' ? new Date(value) : parseISO(value);
  return isValid(instant) ? new TZDate(instant.getTime(), timeZone) : null;
}

const formatWith =
  (pattern: string) =>
  (value: DateInput, fallback = '', timeZone = companyZone): string => {
    const date = toDate(value, timeZone);
    return date ? format(date, pattern) : fallback;
  };

/** '05 Mar, 2026': the company's day of an instant, or a business date as it is. */
export const formatDate = formatWith(DATE_FORMAT);
/** '05 Mar, 2026 02:07 PM' on the company's clock. */
export const formatDateTime = formatWith(DATE_TIME_FORMAT);
/** '2:07 PM' on the company's clock. */
export const formatTime = formatWith('h:mm a');
/** '2026-03-05', for grid filters and API date parameters: the company's day. */
export const formatFilterDate = formatWith(FILTER_DATE_FORMAT);
/** '05_Mar_2026', for downloaded file names: the company's day. */
export const formatFileDate = formatWith(FILE_DATE_FORMAT);
/** '2026-03-05T14:07:00': an instant as the company's wall clock reads it, for datetime-local inputs. */
export const toWallTime = formatWith(WALL_TIME_FORMAT);

/** A wall time typed in a datetime-local input, read on the company's clock, as an ISO instant (or null). */
export function fromWallTime(wall: string, timeZone = companyZone): string | null {
  if (!WALL_TIME.test(wall)) return null;
  const moment = toDate(wall, timeZone);
  return moment ? new Date(moment.getTime()).toISOString() : null;
}

/** Today in the company's zone, 'yyyy-MM-dd' ("today" for defaults, limits and filters). */
export const companyToday = (now: Date = new Date(), timeZone = companyZone): string =>
  businessDate(now.toISOString(), timeZone);

/** The business date `days` after (or before, when negative) another. */
export function addDays(day: string, days: number): string {
  const match = BUSINESS_DATE.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days));
  return date.toISOString().slice(0, 10);
}

/** The first day of a business date's month. */
export const startOfMonthOf = (day: string): string => `${day.slice(0, 8)}01`;

/** The calendar month before a business date's: its first and last day. */
export function previousMonth(day: string): { from: string; to: string } {
  const first = startOfMonthOf(day);
  const to = addDays(first, -1);
  return { from: startOfMonthOf(to), to };
}

/** The month `months` before a business date's, as 'yyyy-MM'. */
export function monthBefore(day: string, months = 1): string {
  const match = BUSINESS_DATE.exec(day);
  if (!match) return day.slice(0, 7);
  return format(subMonths(new Date(Number(match[1]), Number(match[2]) - 1, 1), months), 'yyyy-MM');
}

/**
 * The calendar day a date picker chose, 'yyyy-MM-dd'. Pickers hand back a day, not an instant: a date input's
 * `new Date('2026-03-05')` is that day at midnight UTC, a datetime input's value is the browser's wall clock. Neither
 * may be moved into the company's zone (that would change the day picked).
 */
export function pickedDay(value: Date | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') return BUSINESS_DATE.test(value.slice(0, 10)) ? value.slice(0, 10) : '';
  if (!isValid(value)) return '';
  const utcMidnight =
    value.getUTCHours() === 0 &&
    value.getUTCMinutes() === 0 &&
    value.getUTCSeconds() === 0 &&
    value.getUTCMilliseconds() === 0;
  return utcMidnight ? value.toISOString().slice(0, 10) : format(value, FILTER_DATE_FORMAT);
}

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
