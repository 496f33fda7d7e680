import fc from 'fast-check';
import {
  addOwned,
  contains,
  heldBy,
  intersect,
  normalize,
  removeOwned,
  stampsOf,
  subtract,
  takeFirst,
  takeLast,
  union,
  type IntervalSet,
} from './intervals.js';

const set = fc
  .array(fc.record({ from: fc.integer({ min: 1, max: 60 }), size: fc.integer({ min: 1, max: 8 }) }), {
    maxLength: 6,
  })
  .map((list) => normalize(list.map(({ from, size }) => ({ from, to: from + size - 1 }))));

const numbers = (s: IntervalSet) => {
  const out = new Set<number>();
  for (const { from, to } of s) for (let n = from; n <= to; n++) out.add(n);
  return out;
};
const fromNumbers = (ns: Iterable<number>) => normalize([...ns].map((n) => ({ from: n, to: n })));

describe('Interval sets', () => {
  it('union, subtract and intersect agree with sets of numbers', () =>
    fc.assert(
      fc.property(set, set, (a, b) => {
        const [na, nb] = [numbers(a), numbers(b)];
        expect(union(a, b)).toEqual(fromNumbers([...na, ...nb]));
        expect(subtract(a, b)).toEqual(fromNumbers([...na].filter((n) => !nb.has(n))));
        expect(intersect(a, b)).toEqual(fromNumbers([...na].filter((n) => nb.has(n))));
        for (let n = 0; n <= 70; n++) expect(contains(a, n)).toBe(na.has(n));
      }),
    ));

  it('takes the lowest and the highest n stamps', () =>
    fc.assert(
      fc.property(set, fc.integer({ min: 0, max: 80 }), (a, n) => {
        const sorted = [...numbers(a)].sort((x, y) => x - y);
        const { taken, rest } = takeFirst(a, n);
        expect(taken).toEqual(fromNumbers(sorted.slice(0, n)));
        expect(rest).toEqual(fromNumbers(sorted.slice(n)));
        expect(takeLast(a, n)).toEqual(fromNumbers(n === 0 ? [] : sorted.slice(-n)));
      }),
    ));

  it('gives stamps to owners and takes them back without touching other owners', () =>
    fc.assert(
      fc.property(set, set, set, (a, b, back) => {
        const free = subtract(b, a);
        let owned = addOwned(addOwned([], 'x', 'X', a), 'y', null, free);
        expect(stampsOf(owned)).toEqual(union(a, free));
        owned = removeOwned(owned, 'x', back);
        expect(heldBy(owned, 'x')).toEqual(subtract(a, back));
        expect(heldBy(owned, 'y')).toEqual(free);
        for (let i = 1; i < owned.length; i++) expect(owned[i]!.from).toBeGreaterThan(owned[i - 1]!.to);
      }),
    ));
});
