import { daysBetween, isBusinessDate } from '../shared/business-date.js';
import { DomainError } from '../shared/domain-error.js';

/** The longest period one statement covers. */
export const MAX_STATEMENT_DAYS = 366;

export interface StatementPeriod {
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar month a business date falls in: its first and last day. */
export function monthPeriod(date: string): StatementPeriod {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { from: `${date.slice(0, 7)}-01`, to: `${date.slice(0, 7)}-${pad(last)}` };
}

/** The month before the one a business date falls in. */
export function previousMonthPeriod(date: string): StatementPeriod {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const previous = month === 1 ? `${year - 1}-12-01` : `${year}-${pad(month - 1)}-01`;
  return monthPeriod(previous);
}

const invalid = (field: string, message: string) =>
  new DomainError('STATEMENT_PERIOD_INVALID', 'invalid', message, [{ field, message }]);

/**
 * The period a statement asks for: both days given (real dates, `from` not after `to`, at most MAX_STATEMENT_DAYS
 * days), or neither, which is the month of `today` (the company's business date).
 */
export function statementPeriod(asked: { from?: string; to?: string }, today: string): StatementPeriod {
  const { from, to } = asked;
  if (from === undefined && to === undefined) return monthPeriod(today);
  if (from === undefined) throw invalid('from', 'from is required with to (both YYYY-MM-DD).');
  if (to === undefined) throw invalid('to', 'to is required with from (both YYYY-MM-DD).');
  if (!isBusinessDate(from)) throw invalid('from', 'from must be a date (YYYY-MM-DD).');
  if (!isBusinessDate(to)) throw invalid('to', 'to must be a date (YYYY-MM-DD).');
  if (to < from) throw invalid('to', 'to must not be before from.');
  if (daysBetween(from, to) + 1 > MAX_STATEMENT_DAYS)
    throw invalid('to', `A statement covers at most ${MAX_STATEMENT_DAYS} days.`);
  return { from, to };
}
