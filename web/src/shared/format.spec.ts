import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  addDays,
  companyTimeZone,
  companyToday,
  formatCents,
  formatDate,
  formatDateTime,
  formatFileDate,
  formatFilterDate,
  formatMoney,
  fromWallTime,
  monthBefore,
  pickedDay,
  previousMonth,
  setCompanyTimeZone,
  startOfMonthOf,
  toDate,
  toWallTime,
} from './format';

describe('date formatting, on the company clock', () => {
  // 02:07 UTC on 6 March 2026: 08:07 PM on 5 March in Chicago (CST).
  const instant = '2026-03-06T02:07:00Z';

  beforeAll(() => setCompanyTimeZone('America/Chicago'));
  afterAll(() => setCompanyTimeZone(undefined));

  it("runs where the clock is not the company's (the process's zone is UTC, not Chicago)", () =>
    expect(new Date(instant).getTimezoneOffset()).not.toBe(360));

  it("shows instants as 'dd MMM, yyyy hh:mm a' in the company's zone", () => {
    expect(formatDateTime(instant)).toBe('05 Mar, 2026 08:07 PM');
    expect(formatDateTime(new Date(instant))).toBe('05 Mar, 2026 08:07 PM');
    expect(formatDateTime(Date.parse(instant))).toBe('05 Mar, 2026 08:07 PM');
  });
  it("shows an instant's day as the company's day", () => expect(formatDate(instant)).toBe('05 Mar, 2026'));
  it('writes filter dates and file-name dates as the company day', () => {
    expect(formatFilterDate(instant)).toBe('2026-03-05');
    expect(formatFileDate(instant)).toBe('05_Mar_2026');
  });
  it('another company zone moves the same instant', () => {
    expect(formatDateTime(instant, '', 'America/Los_Angeles')).toBe('05 Mar, 2026 06:07 PM');
    expect(formatDateTime(instant, '', 'UTC')).toBe('06 Mar, 2026 02:07 AM');
  });
  it('follows daylight saving time (CDT in summer)', () =>
    expect(formatDateTime('2026-07-01T20:07:00Z')).toBe('01 Jul, 2026 03:07 PM'));

  it('reads a business date as that day, never shifted by a time zone', () => {
    expect(formatDate('2026-12-31')).toBe('31 Dec, 2026');
    expect(formatDate('2026-01-01')).toBe('01 Jan, 2026');
    expect(formatFilterDate('2026-12-31')).toBe('2026-12-31');
    expect(formatDate(toDate('2026-12-31'))).toBe('31 Dec, 2026');
  });
  it("reads a wall time without a zone on the company's clock", () => {
    expect(formatDateTime('2026-03-05T14:07')).toBe('05 Mar, 2026 02:07 PM');
    expect(fromWallTime('2026-03-05T14:07:00')).toBe('2026-03-05T20:07:00.000Z');
    expect(toWallTime(instant)).toBe('2026-03-05T20:07:00');
  });
  it("knows the company's today whatever the browser's", () => {
    // Past midnight UTC on 6 March is still 5 March in Chicago until 06:00 UTC.
    expect(companyToday(new Date('2026-03-05T18:00:00Z'))).toBe('2026-03-05');
    expect(companyToday(new Date('2026-03-06T05:59:00Z'))).toBe('2026-03-05');
    expect(companyToday(new Date('2026-03-06T06:01:00Z'))).toBe('2026-03-06');
  });
  it('counts business days and months as calendar days', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(startOfMonthOf('2026-03-17')).toBe('2026-03-01');
    expect(previousMonth('2026-03-17')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(previousMonth('2026-01-05')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(monthBefore('2026-01-05')).toBe('2025-12');
  });
  it('keeps the day a date picker chose', () => {
    expect(pickedDay(new Date('2026-03-05'))).toBe('2026-03-05');
    expect(pickedDay(new Date(2026, 2, 5, 9, 30))).toBe('2026-03-05');
    expect(pickedDay('2026-03-05')).toBe('2026-03-05');
  });
  it('an unknown zone falls back to America/Chicago', () => {
    setCompanyTimeZone('Mars/Olympus');
    expect(companyTimeZone()).toBe('America/Chicago');
  });

  it('gives the fallback for empty or invalid input', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined, '—')).toBe('—');
    expect(formatDate('not a date', '—')).toBe('—');
    expect(formatDate('2026-02-30', '—')).toBe('—');
    expect(toDate('')).toBeNull();
    expect(fromWallTime('yesterday')).toBeNull();
  });
});

describe('money formatting', () => {
  it('shows US dollars with 2 decimals', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney('19.999')).toBe('$20.00');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(-3)).toBe('-$3.00');
  });

  it('never shows a negative zero', () => expect(formatMoney(-0.001)).toBe('$0.00'));
  it('shows integer cents as dollars', () => expect(formatCents(123456)).toBe('$1,234.56'));
  it('gives the fallback for empty input', () => {
    expect(formatMoney(null, '—')).toBe('—');
    expect(formatMoney('abc', '—')).toBe('—');
    expect(formatCents(undefined)).toBe('');
  });
});
