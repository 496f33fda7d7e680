import {
  count,
  intersect,
  normalize,
  subtract,
  takeFirst,
  takeLast,
  union,
  type IntervalSet,
} from './intervals.js';
import type { StampRange } from './stamp.events.js';

/**
 * Sets of stamps over several rolls as `StampRange` lists: ordered by roll id, then number, one range per run.
 * Pure; every function returns a new list.
 */
function sets(ranges: readonly StampRange[]) {
  const prefixes = new Map<number, string>();
  const byRollId = new Map<number, IntervalSet>();
  for (const r of ranges) {
    prefixes.set(r.rollId, r.prefix);
    byRollId.set(r.rollId, [...(byRollId.get(r.rollId) ?? []), { from: r.from, to: r.to }]);
  }
  for (const [rollId, set] of byRollId) byRollId.set(rollId, normalize(set));
  return { prefixes, byRollId };
}

function rangesOf(prefixes: ReadonlyMap<number, string>, byRollId: ReadonlyMap<number, IntervalSet>) {
  return [...byRollId]
    .sort(([a], [b]) => a - b)
    .flatMap(([rollId, set]) =>
      set.map(({ from, to }) => ({ rollId, prefix: prefixes.get(rollId)!, from, to })),
    );
}

function combine(
  a: readonly StampRange[],
  b: readonly StampRange[],
  op: (x: IntervalSet, y: IntervalSet) => IntervalSet,
): StampRange[] {
  const left = sets(a);
  const right = sets(b);
  const prefixes = new Map([...right.prefixes, ...left.prefixes]);
  const rolls = new Set([...left.byRollId.keys(), ...right.byRollId.keys()]);
  const out = new Map<number, IntervalSet>();
  for (const rollId of rolls) {
    const set = op(left.byRollId.get(rollId) ?? [], right.byRollId.get(rollId) ?? []);
    if (set.length > 0) out.set(rollId, set);
  }
  return rangesOf(prefixes, out);
}

export const stampsUnion = (a: readonly StampRange[], b: readonly StampRange[]) => combine(a, b, union);
export const stampsMinus = (a: readonly StampRange[], b: readonly StampRange[]) => combine(a, b, subtract);
export const stampsWithin = (a: readonly StampRange[], b: readonly StampRange[]) => combine(a, b, intersect);
export const stampCount = (ranges: readonly StampRange[]) => count(ranges);
export const sortedStamps = (ranges: readonly StampRange[]) => combine(ranges, [], union);

/** The first `n` stamps (lowest roll, lowest number first) and the rest. */
export function firstStamps(
  ranges: readonly StampRange[],
  n: number,
): { taken: StampRange[]; rest: StampRange[] } {
  const { prefixes, byRollId } = sets(ranges);
  const taken = new Map<number, IntervalSet>();
  let left = n;
  for (const rollId of [...byRollId.keys()].sort((a, b) => a - b)) {
    if (left <= 0) break;
    const { taken: got } = takeFirst(byRollId.get(rollId)!, left);
    left -= count(got);
    if (got.length > 0) taken.set(rollId, got);
  }
  const first = rangesOf(prefixes, taken);
  return { taken: first, rest: stampsMinus(ranges, first) };
}

/** The last `n` stamps (highest roll, highest number first). */
export function lastStamps(ranges: readonly StampRange[], n: number): StampRange[] {
  const { prefixes, byRollId } = sets(ranges);
  const taken = new Map<number, IntervalSet>();
  let left = n;
  for (const rollId of [...byRollId.keys()].sort((a, b) => b - a)) {
    if (left <= 0) break;
    const got = takeLast(byRollId.get(rollId)!, left);
    left -= count(got);
    if (got.length > 0) taken.set(rollId, got);
  }
  return rangesOf(prefixes, taken);
}
