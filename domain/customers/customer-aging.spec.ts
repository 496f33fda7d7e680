import { agingBucketOf, agingOf } from './customer-aging.js';

describe('customer aging', () => {
  const today = '2026-06-30';

  it('puts a balance in its bucket by days past the due date', () => {
    expect(agingBucketOf('2026-07-10', '2026-06-01', today)).toBe('current');
    expect(agingBucketOf('2026-06-30', '2026-06-01', today)).toBe('current');
    expect(agingBucketOf('2026-06-29', '2026-06-01', today)).toBe('days_1_30');
    expect(agingBucketOf('2026-05-31', '2026-05-01', today)).toBe('days_1_30');
    expect(agingBucketOf('2026-05-30', '2026-05-01', today)).toBe('days_31_60');
    expect(agingBucketOf('2026-05-01', '2026-04-01', today)).toBe('days_31_60');
    expect(agingBucketOf('2026-04-30', '2026-04-01', today)).toBe('days_61_90');
    expect(agingBucketOf('2026-04-01', '2026-03-01', today)).toBe('days_61_90');
    expect(agingBucketOf('2026-03-31', '2026-03-01', today)).toBe('days_over_90');
  });

  it('dates an invoice due on delivery from its invoice date', () => {
    expect(agingBucketOf(null, '2026-06-30', today)).toBe('current');
    expect(agingBucketOf(null, '2026-05-15', today)).toBe('days_31_60');
  });

  it('sums the balances per bucket, every bucket present', () => {
    expect(
      agingOf(
        [
          { dueOn: '2026-07-10', invoicedOn: '2026-06-10', balanceCents: 100 },
          { dueOn: '2026-07-01', invoicedOn: '2026-06-01', balanceCents: 50 },
          { dueOn: '2026-01-01', invoicedOn: '2025-12-01', balanceCents: 7 },
        ],
        today,
      ),
    ).toEqual({ current: 150, days_1_30: 0, days_31_60: 0, days_61_90: 0, days_over_90: 7 });
  });
});
