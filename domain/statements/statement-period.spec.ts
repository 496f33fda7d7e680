import { monthPeriod, previousMonthPeriod, statementPeriod } from './statement-period.js';

describe('statement period', () => {
  it('is the month of today when no day is given', () => {
    expect(statementPeriod({}, '2026-02-14')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(statementPeriod({}, '2028-02-29')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthPeriod('2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('knows the month before, across a year', () => {
    expect(previousMonthPeriod('2026-01-20')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(previousMonthPeriod('2026-05-31')).toEqual({ from: '2026-04-01', to: '2026-04-30' });
  });

  it('takes the days given', () => {
    expect(statementPeriod({ from: '2026-03-15', to: '2026-04-14' }, '2026-11-01')).toEqual({
      from: '2026-03-15',
      to: '2026-04-14',
    });
  });

  it.each([
    [{ from: '2026-03-01' }, 'to is required with from (both YYYY-MM-DD).'],
    [{ to: '2026-03-01' }, 'from is required with to (both YYYY-MM-DD).'],
    [{ from: '2026-02-30', to: '2026-03-01' }, 'from must be a date (YYYY-MM-DD).'],
    [{ from: '2026-03-01', to: 'March' }, 'to must be a date (YYYY-MM-DD).'],
    [{ from: '2026-03-02', to: '2026-03-01' }, 'to must not be before from.'],
    [{ from: '2025-01-01', to: '2026-01-02' }, 'A statement covers at most 366 days.'],
  ])('refuses %j: %s', (asked, message) => {
    expect(() => statementPeriod(asked, '2026-11-01')).toThrow(message);
  });
});
