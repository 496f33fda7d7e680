import { SettableClock } from './clock.js';
import {
  clockTime,
  companyDate,
  displayDateTime,
  fileDate,
  instantLabel,
  localDateTime,
} from './company-time.js';

// 03:30 UTC on 6 March is still the evening of 5 March in Chicago (UTC−6) and midday of 6 March in Tokyo.
const EVENING_IN_CHICAGO = '2026-03-06T03:30:05.000Z';

describe('Instants as the company reads them', () => {
  it('gives the calendar day in the company zone, not the UTC one', () => {
    expect(companyDate(EVENING_IN_CHICAGO, 'America/Chicago')).toBe('2026-03-05');
    expect(companyDate(new Date(EVENING_IN_CHICAGO), 'Asia/Tokyo')).toBe('2026-03-06');
  });

  it('writes export timestamps as yyyy-MM-dd HH:mm in the company zone', () => {
    expect(localDateTime(EVENING_IN_CHICAGO, 'America/Chicago')).toBe('2026-03-05 21:30');
    expect(localDateTime(EVENING_IN_CHICAGO, 'Asia/Tokyo')).toBe('2026-03-06 12:30');
  });

  it("shows a date with its time as the screens do: 'dd MMM, yyyy hh:mm a'", () => {
    expect(displayDateTime(EVENING_IN_CHICAGO, 'America/Chicago')).toBe('05 Mar, 2026 09:30 PM');
    expect(displayDateTime('2026-03-05T06:05:00Z', 'America/Chicago')).toBe('05 Mar, 2026 12:05 AM');
    expect(displayDateTime('2026-03-05T18:05:00Z', 'America/Chicago')).toBe('05 Mar, 2026 12:05 PM');
  });

  it('follows daylight saving time (CDT, UTC−5, from 8 March 2026)', () => {
    expect(localDateTime('2026-03-09T03:30:00Z', 'America/Chicago')).toBe('2026-03-08 22:30');
  });

  it('names export files and timestamps by the company day and time', () => {
    expect(fileDate(EVENING_IN_CHICAGO, 'America/Chicago')).toBe('05_Mar_2026');
    expect(clockTime(EVENING_IN_CHICAGO, 'America/Chicago')).toBe('213005');
    expect(clockTime('2026-03-06T06:00:00Z', 'America/Chicago')).toBe('000000');
  });

  it('labels an instant to the second with the zone named', () => {
    expect(instantLabel('2026-04-01T04:59:59Z', 'America/Chicago')).toBe(
      'Mar 31, 2026, 23:59:59 (America/Chicago)',
    );
  });
});

describe('SettableClock', () => {
  it('stands at the instant it is set to until released', () => {
    const clock = new SettableClock(EVENING_IN_CHICAGO);
    expect(clock.nowIso()).toBe(EVENING_IN_CHICAGO);
    clock.now().setFullYear(2000); // a reading is a copy
    expect(clock.nowIso()).toBe(EVENING_IN_CHICAGO);
    clock.release();
    expect(clock.now().getFullYear()).toBeGreaterThanOrEqual(2026);
  });
});
