import { serialReadings, stampNumberOf } from '#domain/stamps/stamp-serial';
import { stampRollSizeWarnings } from '#domain/stamps/stamp.rules';
import type { FormErrors } from '../../shared/forms/use-form';
import { addDays, companyToday, toDate } from '../../shared/format';
import { STAMP_MESSAGES } from './stamp-messages';

/** The client's specification: a roll's received date is at most 3 days after today. */
export const RECEIVED_DAYS_AHEAD = 3;
const MAX_STAMP_NUMBER = 2_000_000_000;

/** The company's today, and the latest received date a roll may have. */
export const today = () => companyToday();
export const latestReceivedDate = () => addDays(companyToday(), RECEIVED_DAYS_AHEAD);

/**
 * A whole stamp number typed in a field, or null: bare ('1005') or as printed on the stamp with its roll's prefix
 * ('AB1005', 'ab 1005'), as a serial pasted from a scan or a list is.
 */
export const toStampNumber = (value: string, rollPrefix = ''): number | null =>
  stampNumberOf(value, rollPrefix);

export const normalizePrefix = (prefix: string) => prefix.trim().toUpperCase();

/** Where a serial is typed: as printed on the stamp, prefix and number together. */
export const SERIAL_HINT = 'As printed on the stamp, e.g. AB1005 (prefix and number).';

/** A serial typed to look a stamp up: required, and a prefix (if any) followed by a number of 1 or more. */
export function serialError(value: string): string | undefined {
  if (value.trim() === '') return 'Enter the stamp serial.';
  return serialReadings(value).length === 0 ? 'Enter a serial such as AB1005.' : undefined;
}

function numberError(value: string, field: 'From' | 'To', prefix = ''): string | undefined {
  if (value.trim() === '') return field === 'From' ? STAMP_MESSAGES.fromRequired : STAMP_MESSAGES.toRequired;
  const n = toStampNumber(value, prefix);
  if (n === null || n > MAX_STAMP_NUMBER)
    return field === 'From' ? STAMP_MESSAGES.fromWhole : STAMP_MESSAGES.toWhole;
  if (n < 1) return field === 'From' ? STAMP_MESSAGES.fromMin : undefined;
  return undefined;
}

export type RollValues = { prefix: string; received_at: string; from: string; to: string };

/** The client's specification's Stamp roll create. */
export function validateRoll(v: RollValues): FormErrors<RollValues> {
  const prefix = normalizePrefix(v.prefix);
  const from = toStampNumber(v.from, prefix);
  const to = toStampNumber(v.to, prefix);
  let received: string | undefined;
  if (!v.received_at) received = STAMP_MESSAGES.receivedRequired;
  else if (!/^\d{4}-\d{2}-\d{2}$/.test(v.received_at) || !toDate(v.received_at))
    received = STAMP_MESSAGES.receivedInvalid;
  else if (v.received_at > latestReceivedDate()) received = STAMP_MESSAGES.receivedTooLate;
  return {
    prefix: !/^[A-Z0-9 -]*$/.test(prefix)
      ? STAMP_MESSAGES.prefixChars
      : prefix.length > 20
        ? STAMP_MESSAGES.prefixLong
        : undefined,
    received_at: received,
    from: numberError(v.from, 'From', prefix),
    to:
      numberError(v.to, 'To', prefix) ??
      (from !== null && to !== null && to < from ? STAMP_MESSAGES.rollEndBelowStart : undefined),
  };
}

/** The non-blocking size warnings (over 10000, under 80, not a multiple of 80 or 500) for what is typed. */
export function rollSizeWarnings(v: Pick<RollValues, 'from' | 'to'> & { prefix?: string }): string[] {
  const from = toStampNumber(v.from, normalizePrefix(v.prefix ?? ''));
  const to = toStampNumber(v.to, normalizePrefix(v.prefix ?? ''));
  if (from === null || to === null || from < 1 || to < from) return [];
  return stampRollSizeWarnings(from, to);
}

export type RangeValues = { roll: string; from: string; to: string; note: string };

/** A destroy range: from ≥ 1, to ≥ from, both within the roll (Destroy). */
export function validateRange(
  v: RangeValues,
  roll: { prefix: string; from: number; to: number } | undefined,
): FormErrors<RangeValues> {
  const prefix = roll?.prefix ?? '';
  const from = toStampNumber(v.from, prefix);
  const to = toStampNumber(v.to, prefix);
  const errors: FormErrors<RangeValues> = {
    roll: roll ? undefined : STAMP_MESSAGES.rollRequired,
    from: numberError(v.from, 'From', prefix),
    to:
      numberError(v.to, 'To', prefix) ??
      (from !== null && to !== null && to < from ? STAMP_MESSAGES.rangeEndBelowStart : undefined),
    note: v.note.length > 500 ? 'Note must be at most 500 characters.' : undefined,
  };
  if (roll && !errors.from && !errors.to && from !== null && to !== null) {
    const message = STAMP_MESSAGES.withinRoll(`${roll.prefix}${roll.from}-${roll.prefix}${roll.to}`);
    if (from < roll.from || from > roll.to) errors.from = message;
    else if (to > roll.to) errors.to = message;
  }
  return errors;
}
