/**
 * Texas business days: every day but Saturdays, Sundays and the holidays of Texas Government Code
 * §662.003 — the national holidays of (a) and the state holidays of (b). The optional holidays of (c) (Rosh
 * Hashanah, Yom Kippur, Good Friday, Cesar Chavez Day) are an employee's choice, not office closures, and are not
 * counted. A holiday on a Saturday or Sunday is not moved to a weekday (§662.005(a)(1): no day off for it). Pure:
 * business dates `YYYY-MM-DD` in, business dates out; no clock.
 */

export interface TexasHoliday {
  date: string;
  name: string;
  /** §662.003(a) national holiday or (b) state holiday. */
  kind: 'national' | 'state';
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/** The `nth` (1-based) weekday (0 = Sunday) of a month; nth = -1 for the last one. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): number {
  if (nth > 0) {
    const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    return 1 + ((weekday - first + 7) % 7) + (nth - 1) * 7;
  }
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const last = new Date(Date.UTC(year, month - 1, lastDay)).getUTCDay();
  return lastDay - ((last - weekday + 7) % 7);
}

const holidayCache = new Map<number, TexasHoliday[]>();

/** The holidays of one year, in date order. */
export function texasHolidays(year: number): TexasHoliday[] {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const thanksgiving = nthWeekday(year, 11, 4, 4);
  const holidays: TexasHoliday[] = [
    { date: iso(year, 1, 1), name: "New Year's Day", kind: 'national' },
    { date: iso(year, 1, nthWeekday(year, 1, 1, 3)), name: 'Martin Luther King, Jr., Day', kind: 'national' },
    { date: iso(year, 1, 19), name: 'Confederate Heroes Day', kind: 'state' },
    { date: iso(year, 2, nthWeekday(year, 2, 1, 3)), name: "Presidents' Day", kind: 'national' },
    { date: iso(year, 3, 2), name: 'Texas Independence Day', kind: 'state' },
    { date: iso(year, 4, 21), name: 'San Jacinto Day', kind: 'state' },
    { date: iso(year, 5, nthWeekday(year, 5, 1, -1)), name: 'Memorial Day', kind: 'national' },
    { date: iso(year, 6, 19), name: 'Emancipation Day in Texas', kind: 'state' },
    { date: iso(year, 7, 4), name: 'Independence Day', kind: 'national' },
    { date: iso(year, 8, 27), name: 'Lyndon Baines Johnson Day', kind: 'state' },
    { date: iso(year, 9, nthWeekday(year, 9, 1, 1)), name: 'Labor Day', kind: 'national' },
    { date: iso(year, 11, 11), name: 'Veterans Day', kind: 'national' },
    { date: iso(year, 11, thanksgiving), name: 'Thanksgiving Day', kind: 'national' },
    { date: iso(year, 11, thanksgiving + 1), name: 'Friday after Thanksgiving', kind: 'state' },
    { date: iso(year, 12, 24), name: 'December 24', kind: 'state' },
    { date: iso(year, 12, 25), name: 'Christmas Day', kind: 'national' },
    { date: iso(year, 12, 26), name: 'December 26', kind: 'state' },
  ].sort((a, b) => a.date.localeCompare(b.date)) as TexasHoliday[];
  holidayCache.set(year, holidays);
  return holidays;
}

/** The holiday on this day, if any. */
export function texasHolidayOn(date: string): TexasHoliday | undefined {
  return texasHolidays(Number(date.slice(0, 4))).find((holiday) => holiday.date === date);
}

const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** Monday to Friday and not a Texas holiday. */
export function isTexasBusinessDay(date: string): boolean {
  const weekday = weekdayOf(date);
  return weekday !== 0 && weekday !== 6 && texasHolidayOn(date) === undefined;
}

/** The calendar day `days` after (before, when negative) a date. */
export function addCalendarDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The `count`-th business day after `date` (the date itself never counts); count ≥ 1. */
export function businessDaysAfter(date: string, count: number): string {
  let day = date;
  let left = count;
  while (left > 0) {
    day = addCalendarDays(day, 1);
    if (isTexasBusinessDay(day)) left -= 1;
  }
  return day;
}

/** Business days in (from, to]: 0 when `to` is not after `from`. */
export function businessDaysBetween(from: string, to: string): number {
  let count = 0;
  for (let day = addCalendarDays(from, 1); day <= to; day = addCalendarDays(day, 1)) {
    if (isTexasBusinessDay(day)) count += 1;
  }
  return count;
}
