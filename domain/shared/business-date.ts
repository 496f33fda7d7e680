/**
 * Business dates: calendar days `YYYY-MM-DD` in the company's time zone. Pure: the instant comes
 * from the caller (a command's `now`), never from a clock.
 */
export const DEFAULT_TIME_ZONE = 'America/Chicago';

const BUSINESS_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** One formatter per time zone: building an Intl.DateTimeFormat costs far more than formatting with it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // throws a RangeError for an unknown zone, as before: nothing is kept then
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Per time zone, the last instant asked and its day: one command asks the same instant several times. */
const lastAsked = new Map<string, { instant: string; day: string }>();

/** The calendar day an instant falls on in a time zone. */
export function businessDate(instant: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  const last = lastAsked.get(timeZone);
  if (last?.instant === instant) return last.day;
  const day = dayOf(instant, timeZone);
  lastAsked.set(timeZone, { instant, day });
  return day;
}

function dayOf(instant: string, timeZone: string): string {
  let year = '';
  let month = '';
  let day = '';
  for (const part of formatterOf(timeZone).formatToParts(Date.parse(instant))) {
    if (part.type === 'year') year = part.value;
    else if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
  }
  return `${year}-${month}-${day}`;
}

/** True for a real calendar day written `YYYY-MM-DD` (no 2025-02-30). */
export function isBusinessDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = BUSINESS_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = new Date(Date.UTC(year, month - 1, day));
  return utc.getUTCFullYear() === year && utc.getUTCMonth() === month - 1 && utc.getUTCDate() === day;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** True when the name is a time zone this runtime knows (IANA names such as America/Chicago, or UTC). */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/** The wall clock an instant shows in a time zone: its calendar day and the minutes since that day's midnight. */
export function wallClock(
  instant: string,
  timeZone: string = DEFAULT_TIME_ZONE,
): { day: string; minutes: number } {
  let formatter = clockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clockFormatters.set(timeZone, formatter);
  }
  let hours = 0;
  let minutes = 0;
  for (const part of formatter.formatToParts(Date.parse(instant))) {
    if (part.type === 'hour') hours = Number(part.value);
    else if (part.type === 'minute') minutes = Number(part.value);
  }
  return { day: businessDate(instant, timeZone), minutes: hours * 60 + minutes };
}
