/**
 * Stamps are numbers; sets of stamps are kept as sorted, disjoint, non-adjacent closed intervals (never one
 * entry per stamp). Every function here is pure and returns new arrays.
 */
export interface Interval {
  from: number;
  to: number;
}

/** Sorted by `from`, disjoint, and never two intervals that touch (they are merged). */
export type IntervalSet = readonly Interval[];

/** An interval held by someone: an allocation (invoice or assignment) or a destroy record. */
export interface OwnedInterval extends Interval {
  owner: string;
  /** What the owner is called for people (an invoice number, a note); kept with the stamps it holds. */
  label: string | null;
}

/** Sorted by `from` and disjoint; neighbours with the same owner are merged. */
export type OwnedSet = readonly OwnedInterval[];

export const EMPTY: IntervalSet = [];

export function interval(from: number, to: number): Interval {
  return { from, to };
}

export function count(set: readonly Interval[]): number {
  let total = 0;
  for (const { from, to } of set) total += to - from + 1;
  return total;
}

/** Any intervals (unsorted, overlapping) as a set. */
export function normalize(intervals: readonly Interval[]): IntervalSet {
  const sorted = intervals.filter((i) => i.to >= i.from).sort((a, b) => a.from - b.from);
  const out: Interval[] = [];
  for (const { from, to } of sorted) {
    const last = out[out.length - 1];
    if (last && from <= last.to + 1) {
      if (to > last.to) out[out.length - 1] = { from: last.from, to };
    } else out.push({ from, to });
  }
  return out;
}

export function union(a: IntervalSet, b: IntervalSet): IntervalSet {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  const merged: Interval[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const next = j >= b.length || (i < a.length && a[i]!.from <= b[j]!.from) ? a[i++]! : b[j++]!;
    const last = merged[merged.length - 1];
    if (last && next.from <= last.to + 1) {
      if (next.to > last.to) merged[merged.length - 1] = { from: last.from, to: next.to };
    } else merged.push({ from: next.from, to: next.to });
  }
  return merged;
}

/** The stamps of `a` that are not in `b`. */
export function subtract(a: IntervalSet, b: readonly Interval[]): IntervalSet {
  if (a.length === 0 || b.length === 0) return a;
  const out: Interval[] = [];
  let j = 0;
  for (const { from, to } of a) {
    let start = from;
    while (j < b.length && b[j]!.to < start) j++;
    let k = j;
    while (k < b.length && b[k]!.from <= to && start <= to) {
      if (b[k]!.from > start) out.push({ from: start, to: b[k]!.from - 1 });
      start = Math.max(start, b[k]!.to + 1);
      k++;
    }
    if (start <= to) out.push({ from: start, to });
  }
  return out;
}

export function intersect(a: IntervalSet, b: readonly Interval[]): IntervalSet {
  const out: Interval[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const from = Math.max(a[i]!.from, b[j]!.from);
    const to = Math.min(a[i]!.to, b[j]!.to);
    if (from <= to) out.push({ from, to });
    if (a[i]!.to < b[j]!.to) i++;
    else j++;
  }
  return out;
}

export function overlaps(a: IntervalSet, b: readonly Interval[]): boolean {
  return intersect(a, b).length > 0;
}

/** Index of the first interval whose `to` is at least `n` (intervals.length when none). */
function firstEndingAtOrAfter(intervals: readonly Interval[], n: number): number {
  let low = 0;
  let high = intervals.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (intervals[mid]!.to < n) low = mid + 1;
    else high = mid;
  }
  return low;
}

export function contains(set: readonly Interval[], n: number): boolean {
  const found = set[firstEndingAtOrAfter(set, n)];
  return found !== undefined && found.from <= n;
}

/** The lowest `n` stamps of the set, and the rest. */
export function takeFirst(set: IntervalSet, n: number): { taken: IntervalSet; rest: IntervalSet } {
  const taken: Interval[] = [];
  let left = n;
  let index = 0;
  for (; index < set.length && left > 0; index++) {
    const { from, to } = set[index]!;
    const size = to - from + 1;
    if (size <= left) {
      taken.push({ from, to });
      left -= size;
    } else {
      taken.push({ from, to: from + left - 1 });
      return { taken, rest: [{ from: from + left, to }, ...set.slice(index + 1)] };
    }
  }
  return { taken, rest: set.slice(index) };
}

/** The highest `n` stamps of the set. */
export function takeLast(set: IntervalSet, n: number): IntervalSet {
  const taken: Interval[] = [];
  let left = n;
  for (let index = set.length - 1; index >= 0 && left > 0; index--) {
    const { from, to } = set[index]!;
    const size = to - from + 1;
    if (size <= left) {
      taken.unshift({ from, to });
      left -= size;
    } else {
      taken.unshift({ from: to - left + 1, to });
      left = 0;
    }
  }
  return taken;
}

// --- owned intervals -------------------------------------------------------------------------------------------

/** The stamps held, whoever holds them. */
export function stampsOf(set: OwnedSet): IntervalSet {
  return normalize(set);
}

/** The stamps one owner holds. */
export function heldBy(set: OwnedSet, owner: string): IntervalSet {
  return normalize(set.filter((i) => i.owner === owner));
}

export function hasOwner(set: OwnedSet, owner: string): boolean {
  return set.some((i) => i.owner === owner);
}

/** The held intervals that meet `range`, cut to it. */
export function holdersWithin(set: OwnedSet, range: Interval): OwnedInterval[] {
  const out: OwnedInterval[] = [];
  for (let index = firstEndingAtOrAfter(set, range.from); index < set.length; index++) {
    const held = set[index]!;
    if (held.from > range.to) break;
    out.push({ ...held, from: Math.max(held.from, range.from), to: Math.min(held.to, range.to) });
  }
  return out;
}

/** Gives `ranges` (free of any other owner's stamps: the decider made sure) to `owner`. */
export function addOwned(set: OwnedSet, owner: string, label: string | null, ranges: IntervalSet): OwnedSet {
  if (ranges.length === 0) return set;
  const out = set.slice();
  for (const { from, to } of ranges) {
    let index = firstEndingAtOrAfter(out, from);
    let piece: OwnedInterval = { from, to, owner, label };
    const before = out[index - 1];
    if (before && before.owner === owner && before.label === label && before.to + 1 === from) {
      piece = { ...piece, from: before.from };
      out.splice(index - 1, 1);
      index--;
    }
    const after = out[index];
    if (after && after.owner === owner && after.label === label && to + 1 === after.from) {
      piece = { ...piece, to: after.to };
      out.splice(index, 1);
    }
    out.splice(index, 0, piece);
  }
  return out;
}

/** Takes `ranges` away from `owner` (stamps of other owners are left alone). */
export function removeOwned(set: OwnedSet, owner: string, ranges: IntervalSet): OwnedSet {
  if (ranges.length === 0) return set;
  let out = set.slice();
  for (const range of ranges) {
    const start = firstEndingAtOrAfter(out, range.from);
    let end = start;
    while (end < out.length && out[end]!.from <= range.to) end++;
    if (end === start) continue;
    const replaced: OwnedInterval[] = [];
    for (const held of out.slice(start, end)) {
      if (held.owner !== owner) {
        replaced.push(held);
        continue;
      }
      if (held.from < range.from) replaced.push({ ...held, to: range.from - 1 });
      if (held.to > range.to) replaced.push({ ...held, from: range.to + 1 });
    }
    out = [...out.slice(0, start), ...replaced, ...out.slice(end)];
  }
  return out;
}

/** `AB1000-AB1011`, or `AB1000` for one stamp: how ranges are written in messages. */
export function formatRange(prefix: string, from: number, to: number): string {
  return from === to ? `${prefix}${from}` : `${prefix}${from}-${prefix}${to}`;
}

export function formatRanges(prefix: string, set: readonly Interval[]): string {
  return set.map(({ from, to }) => formatRange(prefix, from, to)).join(', ');
}
