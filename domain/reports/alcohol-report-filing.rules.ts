import { DomainError, type DomainErrorKind } from '../shared/domain-error.js';
import type { FieldProblem } from '../shared/field-rules.js';
import {
  LATE_REPORT_PENALTY,
  monthDays,
  monthOf,
  previousMonth,
  reportDueOn,
} from './alcohol-sales-report.js';

export const CONFIRMATION_MAX = 40;

export const FILING_MESSAGES = {
  confirmation: `Enter the confirmation number RITS gave the filed report: letters, digits and hyphens, at most ${CONFIRMATION_MAX}.`,
  monthOpen: 'A month can be marked filed once it is over.',
} as const;

/** The confirmation number as RITS shows it: letters, digits and hyphens, 1 to 40 of them, after trimming. */
export function confirmationProblem(value: unknown): FieldProblem | null {
  if (typeof value !== 'string')
    return { field: 'confirmation_number', message: FILING_MESSAGES.confirmation };
  const text = value.trim();
  return text.length >= 1 && text.length <= CONFIRMATION_MAX && /^[A-Za-z0-9-]+$/.test(text)
    ? null
    : { field: 'confirmation_number', message: FILING_MESSAGES.confirmation };
}

/** A month is over once the company's business day is after its last day. */
export const monthIsOver = (month: string, today: string) => today > monthDays(month).to;

const catalogue = {
  ALCOHOL_REPORT_FILED: { kind: 'conflict', message: '' },
} satisfies Record<string, { kind: DomainErrorKind; message: string }>;

/** 409: the month is marked filed already, under another confirmation number. */
export const alreadyFiled = (month: string, confirmationNumber: string) =>
  new DomainError(
    'ALCOHOL_REPORT_FILED',
    catalogue.ALCOHOL_REPORT_FILED.kind,
    `The report of ${month} is marked filed already, with confirmation number ${confirmationNumber}.`,
  );

/** 400 with the field problems; the message is the first's. */
export const filingInvalid = (details: FieldProblem[]) =>
  new DomainError('ALCOHOL_REPORT_INVALID', 'invalid', details[0]!.message, details);

/** The months a company is asked about: from the month before it registered, at most 12, up to last month. */
export function reportMonths(today: string, registeredOn: string): string[] {
  const months: string[] = [];
  const first = previousMonth(monthOf(registeredOn));
  for (
    let month = previousMonth(monthOf(today));
    months.length < 12 && month >= first;
    month = previousMonth(month)
  )
    months.push(month);
  return months;
}

/** Where a month's report stands on the company's business day `today`, and the penalty it carries. */
export function reportStatus(
  month: string,
  filed: { late: boolean } | null,
  today: string,
): { status: 'due' | 'late' | 'filed' | 'filed_late'; dueOn: string; penalty: number } {
  const dueOn = reportDueOn(month);
  const status = filed ? (filed.late ? 'filed_late' : 'filed') : today > dueOn ? 'late' : 'due';
  return { status, dueOn, penalty: status === 'late' || status === 'filed_late' ? LATE_REPORT_PENALTY : 0 };
}

/** The dashboard's reminder: last month's report, from the 1st until it is filed. */
export const remindsOf = <T extends { month: string; status: string }>(
  months: T[],
  today: string,
): T | null =>
  months.find(
    (m) => m.month === previousMonth(monthOf(today)) && (m.status === 'due' || m.status === 'late'),
  ) ?? null;
