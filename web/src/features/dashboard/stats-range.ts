/** The dashboard stats' ranges (as the client's specification asks): This Month, Last Month, Last 3 Months; business days yyyy-MM-dd. */
export type StatsRangeName = 'This Month' | 'Last Month' | 'Last 3 Months';
export const STATS_RANGES: readonly StatsRangeName[] = ['This Month', 'Last Month', 'Last 3 Months'];

const pad = (n: number) => String(n).padStart(2, '0');
const day = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m - 1, d));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
};

/**
 * This Month: the 1st to today; Last Month: the whole previous month; Last 3 Months: the 1st of the month two
 * months back to today (this month and the two before it).
 */
export function statsRange(name: StatsRangeName, today: string): { from: string; to: string } {
  const [y, m] = today.split('-').map(Number) as [number, number, number];
  if (name === 'This Month') return { from: day(y, m, 1), to: today };
  if (name === 'Last Month') return { from: day(y, m - 1, 1), to: day(y, m, 0) };
  return { from: day(y, m - 2, 1), to: today };
}
