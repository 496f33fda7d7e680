import { businessDate, daysBetween, isBusinessDate, isTimeZone } from './business-date.js';

describe('Business dates', () => {
  it('are the calendar day in the company time zone, America/Chicago by default', () => {
    expect(businessDate('2026-11-23T05:59:00Z')).toBe('2026-11-22');
    expect(businessDate('2026-11-23T06:00:00Z')).toBe('2026-11-23');
    expect(businessDate('2026-11-23T05:59:00Z', 'UTC')).toBe('2026-11-23');
  });

  it('answer each zone its own day when one instant is asked again and again (the last answer is kept per zone)', () => {
    const asked = [
      ['2026-11-23T05:59:00Z', 'America/Chicago', '2026-11-22'],
      ['2026-11-23T05:59:00Z', 'UTC', '2026-11-23'],
      ['2026-11-23T05:59:00Z', 'America/Chicago', '2026-11-22'],
      ['2026-11-23T06:00:00Z', 'America/Chicago', '2026-11-23'],
      ['2026-11-23T05:59:00Z', 'UTC', '2026-11-23'],
      ['2026-11-23T05:59:00Z', 'America/Chicago', '2026-11-22'],
    ];
    expect(asked.map(([instant, zone]) => businessDate(instant!, zone))).toEqual(
      asked.map(([, , day]) => day),
    );
    expect(() => businessDate('not an instant', 'UTC')).toThrow(RangeError);
    expect(businessDate('2026-11-23T05:59:00Z', 'UTC')).toBe('2026-11-23');
  });

  it('are real days written YYYY-MM-DD', () => {
    expect(isBusinessDate('2028-02-29')).toBe(true);
    expect(['2026-02-29', '2026-13-01', '2026-1-01', '', null].some(isBusinessDate)).toBe(false);
  });

  it('count whole days across a daylight-saving change', () =>
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2));

  it('know IANA time zones', () => {
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
