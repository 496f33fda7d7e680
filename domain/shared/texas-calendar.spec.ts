import {
  addCalendarDays,
  businessDaysAfter,
  businessDaysBetween,
  isTexasBusinessDay,
  texasHolidayOn,
  texasHolidays,
} from './texas-calendar.js';

describe('Texas business days (Gov. Code §662.003)', () => {
  it('know the national and state holidays of a year', () => {
    expect(texasHolidays(2026).map((h) => `${h.date} ${h.name}`)).toEqual([
      "2026-01-01 New Year's Day",
      '2026-01-19 Martin Luther King, Jr., Day',
      '2026-01-19 Confederate Heroes Day',
      "2026-02-16 Presidents' Day",
      '2026-03-02 Texas Independence Day',
      '2026-04-21 San Jacinto Day',
      '2026-05-25 Memorial Day',
      '2026-06-19 Emancipation Day in Texas',
      '2026-07-04 Independence Day',
      '2026-08-27 Lyndon Baines Johnson Day',
      '2026-09-07 Labor Day',
      '2026-11-11 Veterans Day',
      '2026-11-26 Thanksgiving Day',
      '2026-11-27 Friday after Thanksgiving',
      '2026-12-24 December 24',
      '2026-12-25 Christmas Day',
      '2026-12-26 December 26',
    ]);
    // the moving ones in other years
    expect(texasHolidayOn('2027-11-25')?.name).toBe('Thanksgiving Day');
    expect(texasHolidayOn('2027-11-26')?.name).toBe('Friday after Thanksgiving');
    expect(texasHolidayOn('2027-05-31')?.name).toBe('Memorial Day');
    expect(texasHolidayOn('2028-01-17')?.name).toBe('Martin Luther King, Jr., Day');
    expect(texasHolidayOn('2025-09-01')?.name).toBe('Labor Day');
  });

  it('leave out the optional holidays (Good Friday, Cesar Chavez Day) and Columbus Day', () => {
    expect(isTexasBusinessDay('2026-04-03')).toBe(true); // Good Friday 2026
    expect(isTexasBusinessDay('2026-03-31')).toBe(true); // Cesar Chavez Day
    expect(isTexasBusinessDay('2026-10-12')).toBe(true); // Columbus Day
  });

  it('do not move a holiday that falls on a weekend to a weekday', () => {
    expect(isTexasBusinessDay('2026-07-03')).toBe(true); // Friday before a Saturday July 4
    expect(isTexasBusinessDay('2026-07-06')).toBe(true);
    expect(isTexasBusinessDay('2026-12-28')).toBe(true); // Monday after a Saturday December 26
  });

  it('are weekdays that are not holidays, day by day over the year-end', () => {
    const days: string[] = [];
    for (let day = '2026-12-19'; day <= '2027-01-04'; day = addCalendarDays(day, 1)) {
      if (isTexasBusinessDay(day)) days.push(day);
    }
    expect(days).toEqual([
      '2026-12-21',
      '2026-12-22',
      '2026-12-23',
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-04',
    ]);
  });

  it('count forward over weekends and holidays', () => {
    expect(businessDaysAfter('2026-11-25', 1)).toBe('2026-11-30'); // Thanksgiving, its Friday, the weekend
    expect(businessDaysAfter('2026-11-25', 4)).toBe('2026-12-03');
    expect(businessDaysAfter('2026-08-25', 4)).toBe('2026-09-01'); // LBJ Day on the 27th
    expect(businessDaysAfter('2027-01-10', 4)).toBe('2027-01-14'); // from a Sunday
    expect(businessDaysBetween('2026-11-20', '2026-11-25')).toBe(3);
    expect(businessDaysBetween('2026-11-25', '2026-11-25')).toBe(0);
    expect(businessDaysBetween('2026-11-25', '2026-11-20')).toBe(0);
  });

  it('add calendar days across month and year ends and leap days', () => {
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addCalendarDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addCalendarDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
