import {
  endOfMonth,
  endOfWeek,
  format,
  parseISO,
  startOfMonth,
  startOfWeek,
  subMonths,
  subWeeks,
} from 'date-fns';
import type { ReportPeriodName } from '#domain/contracts/report.contract';
import { FILTER_DATE_FORMAT } from '../../shared/format';

/** A period of a report: its kind and first and last business days (YYYY-MM-DD), never past today. */
export interface ReportPeriod {
  name: ReportPeriodName;
  from: string;
  to: string;
}

const day = (date: Date) => format(date, FILTER_DATE_FORMAT);
const earlier = (a: string, b: string) => (a < b ? a : b);

/**
 * The period containing `chosen` (as the client's specification asks): its month, or its week (Sunday to Saturday), ending today
 * at the latest. A future day snaps to today's period: future dates cannot be picked.
 */
export function snapPeriod(name: ReportPeriodName, chosen: string, today: string): ReportPeriod {
  const date = parseISO(earlier(chosen, today));
  const [start, end] =
    name === 'monthly'
      ? [startOfMonth(date), endOfMonth(date)]
      : [startOfWeek(date, { weekStartsOn: 0 }), endOfWeek(date, { weekStartsOn: 0 })];
  return { name, from: day(start), to: earlier(day(end), today) };
}

/** The two periods a report opens with: this month (or week) and the one before. */
export function defaultPeriods(name: ReportPeriodName, today: string): [ReportPeriod, ReportPeriod] {
  const now = parseISO(today);
  const previous = name === 'monthly' ? subMonths(now, 1) : subWeeks(now, 1);
  return [snapPeriod(name, today, today), snapPeriod(name, day(previous), today)];
}

/** How a period reads on the chart and the tables: "Nov 2026", or "Nov 15 – Nov 21, 2026". */
export function periodLabel(period: ReportPeriod): string {
  const from = parseISO(period.from);
  if (period.name === 'monthly') return format(from, 'MMM yyyy');
  return `${format(from, 'MMM d')} – ${format(parseISO(period.to), 'MMM d, yyyy')}`;
}
