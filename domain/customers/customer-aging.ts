import { daysBetween } from '../shared/business-date.js';

/** The aging buckets of a customer's balance, by days past the due date. */
export const AGING_BUCKETS = ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'days_over_90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/**
 * Which bucket an open invoice's balance falls in on `today`: not yet past its due date is current, then 1–30, 31–60,
 * 61–90 and over 90 days past it. An invoice due on delivery (no due date) is due on its invoice date.
 */
export function agingBucketOf(dueOn: string | null, invoicedOn: string, today: string): AgingBucket {
  const late = daysBetween(dueOn ?? invoicedOn, today);
  if (late <= 0) return 'current';
  if (late <= 30) return 'days_1_30';
  if (late <= 60) return 'days_31_60';
  if (late <= 90) return 'days_61_90';
  return 'days_over_90';
}

/** The open balances summed per bucket, in cents (every bucket present, zero when empty). */
export function agingOf(
  invoices: readonly { dueOn: string | null; invoicedOn: string; balanceCents: number }[],
  today: string,
): Record<AgingBucket, number> {
  const sums = Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, 0])) as Record<AgingBucket, number>;
  for (const invoice of invoices)
    sums[agingBucketOf(invoice.dueOn, invoice.invoicedOn, today)] += invoice.balanceCents;
  return sums;
}
