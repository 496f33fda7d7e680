import {
  contains,
  count,
  formatRange,
  interval,
  intersect,
  normalize,
  subtract,
  takeFirst,
  union,
  type IntervalSet,
} from './intervals.js';
import type { StampRangeInput } from './stamp.commands.js';
import { stampError } from './stamp.errors.js';
import type { ExtendedStampStatus, StampRange } from './stamp.events.js';
import {
  availableCount,
  availableStamps,
  byRoll,
  findRoll,
  isFinished,
  rollsInAllocationOrder,
  type StampLedger,
  type StampRoll,
  withdrawnStatus,
} from './stamp.state.js';

export const MAX_ROLL_SIZE_WITHOUT_WARNING = 10_000;
export const MIN_ROLL_SIZE_WITHOUT_WARNING = 80;
export const RECEIVED_DAYS_AHEAD = 3;

/** `day` (YYYY-MM-DD) plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** Prefix as stored: trimmed and upper-cased ('' when none). */
export function normalizePrefix(prefix: string | null | undefined): string {
  return (prefix ?? '').trim().toUpperCase();
}

/**
 * Size warnings that never block (as the client's specification asks): over 10000 exceeds the maximum, under 80 is too few, and a
 * count that is not a multiple of 80 or 500 is unusual. The web shows them before saving; the API returns them.
 */
export function stampRollSizeWarnings(from: number, to: number): string[] {
  const n = to - from + 1;
  if (!Number.isSafeInteger(n) || n < 1) return [];
  const warnings: string[] = [];
  if (n > MAX_ROLL_SIZE_WITHOUT_WARNING)
    warnings.push(`A roll of ${n} stamps exceeds the maximum of ${MAX_ROLL_SIZE_WITHOUT_WARNING}.`);
  if (n < MIN_ROLL_SIZE_WITHOUT_WARNING)
    warnings.push(`A roll of ${n} stamps is too few (under ${MIN_ROLL_SIZE_WITHOUT_WARNING}).`);
  if (n % 80 !== 0 && n % 500 !== 0)
    warnings.push(`A roll of ${n} stamps is unusual: not a multiple of 80 or 500.`);
  return warnings;
}

/**
 * The stamps a holder (an invoice) has, roll by roll, in allocation order: `held` as its holding stream recorded
 * it (stamp-holding.ts), kept to what the ledger has allocated (a stamp the ledger does not count as invoiced
 * is never released or kept on the holder's word).
 */
export function holdingOf(
  state: StampLedger,
  held: readonly StampRange[],
): { roll: StampRoll; stamps: IntervalSet }[] {
  if (held.length === 0) return [];
  const byRollId = byRoll(held);
  const holding: { roll: StampRoll; stamps: IntervalSet }[] = [];
  for (const roll of rollsInAllocationOrder(state)) {
    const mine = byRollId.get(roll.rollId);
    if (!mine) continue;
    const stamps = intersect(mine, roll.allocated);
    if (stamps.length > 0) holding.push({ roll, stamps });
  }
  return holding;
}

export function toStampRanges(roll: StampRoll, stamps: IntervalSet): StampRange[] {
  return stamps.map(({ from, to }) => ({ rollId: roll.rollId, prefix: roll.prefix, from, to }));
}

/**
 * Checks one manual range (as the client's specification asks): every stamp of it must be available, or
 * already held by `allocationId` (an invoice being edited keeps its stamps), or on a returned bottle in stock when
 * `onBottles` is given (a new invoice may send that bottle out again with its stamp), and it must not overlap a range
 * added before it. Throws the first broken rule; answers the roll and the stamps otherwise.
 */
export function checkStampRange(
  state: StampLedger,
  range: StampRangeInput,
  options: {
    held?: readonly StampRange[];
    added?: readonly StampRangeInput[];
    onBottles?: readonly StampRange[];
  } = {},
): { roll: StampRoll; stamps: IntervalSet } {
  const { rollId, from, to } = range;
  const roll = findRoll(state, rollId);
  if (!roll) throw stampError('STAMP_ROLL_NOT_FOUND');
  const mine = options.held
    ? holdingOf(state, options.held).find((h) => h.roll.rollId === rollId)
    : undefined;
  const returned = (options.onBottles ?? [])
    .filter((r) => r.rollId === rollId)
    .map(({ from: a, to: b }) => interval(a, b));
  const free = union(availableStamps(roll), normalize(returned));
  const usable = mine ? union(free, mine.stamps) : free;
  const first = usable[0]?.from;
  const last = usable[usable.length - 1]?.to;
  if (first === undefined || last === undefined) throw stampError('STAMP_ROLL_EMPTY');
  if (from < first) throw stampError('STAMP_BELOW_FIRST_AVAILABLE', { n: from, x: first });
  if (to < from || to < first) throw stampError('STAMP_END_BELOW_START', { x: first, y: from });
  if (from > last) throw stampError('STAMP_ABOVE_LAST_AVAILABLE', { n: from, x: last });
  if (to > last) throw stampError('STAMP_ABOVE_LAST_AVAILABLE', { n: to, x: last });
  const missing = subtract([interval(from, to)], usable);
  if (missing.length > 0) throw stampError('STAMP_NOT_AVAILABLE', { n: missing[0]!.from });
  for (const other of options.added ?? []) {
    const otherRoll = findRoll(state, other.rollId);
    const samePrefix = otherRoll?.prefix === roll.prefix;
    if (samePrefix && other.from <= to && from <= other.to) {
      throw stampError('STAMP_RANGE_OVERLAPS', {
        range: formatRange(roll.prefix, from, to),
        other: formatRange(roll.prefix, other.from, other.to),
      });
    }
  }
  return { roll, stamps: [interval(from, to)] };
}

/**
 * Auto-allocation (as the client's specification asks): `needed` stamps from the available runs of active, unfinished rolls, first roll
 * first, lowest numbers first. Throws when no roll exists or too few stamps are left.
 */
export function pickStamps(state: StampLedger, needed: number): StampRange[] {
  if (needed === 0) return [];
  if (state.rolls.length === 0) throw stampError('STAMP_ROLL_MISSING');
  const picked: StampRange[] = [];
  let left = needed;
  let usable = 0;
  for (const roll of rollsInAllocationOrder(state)) {
    if (!roll.active || isFinished(roll)) continue;
    usable += availableCount(roll);
    if (left === 0) continue;
    const { taken } = takeFirst(availableStamps(roll), left);
    left -= count(taken);
    picked.push(...toStampRanges(roll, taken));
  }
  if (left > 0) throw stampError('STAMPS_NOT_ENOUGH', { needed, available: usable });
  return picked;
}

/** A stamp's status as lookups show it; the last four only with the extended statuses. */
export type LedgerStampStatus =
  'AVAILABLE' | 'INVOICED' | 'DESTROYED' | 'LOST' | 'STOLEN' | 'VOIDED' | 'RETURNED';

export const WITHDRAWN_STATUS: Record<ExtendedStampStatus, LedgerStampStatus> = {
  lost: 'LOST',
  stolen: 'STOLEN',
  voided: 'VOIDED',
  returned_to_state: 'RETURNED',
};

/** Availability of one stamp, for lookups (undefined outside every roll). */
export function stampStatus(
  state: StampLedger,
  prefix: string,
  n: number,
): { roll: StampRoll; status: LedgerStampStatus } | undefined {
  const roll = state.rolls.find((r) => r.prefix === prefix && r.from <= n && n <= r.to);
  if (!roll) return undefined;
  if (contains(roll.allocated, n)) return { roll, status: 'INVOICED' };
  if (contains(roll.destroyed, n)) return { roll, status: 'DESTROYED' };
  const withdrawn = withdrawnStatus(roll, n);
  if (withdrawn) return { roll, status: WITHDRAWN_STATUS[withdrawn] };
  return { roll, status: 'AVAILABLE' };
}

/** Rolls of the same prefix whose numbers meet `from`–`to`. */
export function overlappingRoll(
  state: StampLedger,
  prefix: string,
  from: number,
  to: number,
): StampRoll | undefined {
  return state.rolls.find(
    (roll) =>
      roll.prefix === prefix && intersect([interval(roll.from, roll.to)], [interval(from, to)]).length > 0,
  );
}
