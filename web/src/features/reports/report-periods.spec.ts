import { describe, expect, it } from '@jest/globals';
import { defaultPeriods, periodLabel, snapPeriod } from './report-periods';

describe('Report periods', () => {
  const today = '2026-11-22'; // a Sunday

  it('snaps a monthly pick to its month', () =>
    expect(snapPeriod('monthly', '2026-10-17', today)).toEqual({
      name: 'monthly',
      from: '2026-10-01',
      to: '2026-10-31',
    }));

  it('snaps a weekly pick to the Sunday-to-Saturday week containing it', () =>
    expect(snapPeriod('weekly', '2026-11-18', today)).toEqual({
      name: 'weekly',
      from: '2026-11-15',
      to: '2026-11-21',
    }));

  it('ends the current period today and snaps a future pick to it', () => {
    expect(snapPeriod('monthly', '2026-12-05', today)).toEqual({
      name: 'monthly',
      from: '2026-11-01',
      to: today,
    });
    expect(snapPeriod('weekly', today, today)).toEqual({ name: 'weekly', from: today, to: today });
  });

  it('opens with this period and the one before', () => {
    expect(defaultPeriods('monthly', today)).toEqual([
      { name: 'monthly', from: '2026-11-01', to: today },
      { name: 'monthly', from: '2026-10-01', to: '2026-10-31' },
    ]);
    expect(defaultPeriods('weekly', today)[1]).toEqual({
      name: 'weekly',
      from: '2026-11-15',
      to: '2026-11-21',
    });
  });

  it('labels a month and a week', () => {
    expect(periodLabel({ name: 'monthly', from: '2026-10-01', to: '2026-10-31' })).toBe('Oct 2026');
    expect(periodLabel({ name: 'weekly', from: '2026-11-15', to: '2026-11-21' })).toBe(
      'Nov 15 – Nov 21, 2026',
    );
  });
});
