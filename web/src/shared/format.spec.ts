import { describe, expect, it } from '@jest/globals';
import {
  formatCents,
  formatDate,
  formatDateTime,
  formatFileDate,
  formatFilterDate,
  formatMoney,
  toDate,
} from './format';

describe('date formatting', () => {
  const afternoon = new Date(2026, 2, 5, 14, 7);

  it("shows dates as 'dd MMM, yyyy'", () => expect(formatDate(afternoon)).toBe('05 Mar, 2026'));
  it("shows instants as 'dd MMM, yyyy hh:mm a'", () =>
    expect(formatDateTime(afternoon)).toBe('05 Mar, 2026 02:07 PM'));
  it('writes filter dates as yyyy-MM-dd', () => expect(formatFilterDate(afternoon)).toBe('2026-03-05'));
  it('writes file-name dates as dd_MMM_yyyy', () => expect(formatFileDate(afternoon)).toBe('05_Mar_2026'));

  it('reads a business date as that local day, never shifted by the time zone', () =>
    expect(formatDate('2026-12-31')).toBe('31 Dec, 2026'));

  it('gives the fallback for empty or invalid input', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined, '—')).toBe('—');
    expect(formatDate('not a date', '—')).toBe('—');
    expect(toDate('')).toBeNull();
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
