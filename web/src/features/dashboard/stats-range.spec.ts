import { describe, expect, it } from '@jest/globals';
import { statsRange } from './stats-range';

describe('Dashboard stats ranges', () => {
  it('takes this month to today, the whole last month, and three months to today', () => {
    expect(statsRange('This Month', '2026-11-25')).toEqual({ from: '2026-11-01', to: '2026-11-25' });
    expect(statsRange('Last Month', '2026-11-25')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(statsRange('Last 3 Months', '2026-11-25')).toEqual({ from: '2026-09-01', to: '2026-11-25' });
  });

  it('crosses the year', () => {
    expect(statsRange('Last Month', '2026-01-10')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(statsRange('Last 3 Months', '2026-02-28')).toEqual({ from: '2025-12-01', to: '2026-02-28' });
  });
});
