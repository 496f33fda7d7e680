import { describe, expect, it } from '@jest/globals';
import { dollars, moved, undelivered } from './route-board';

describe('Route board', () => {
  it('moves a stop up or down, and leaves the order alone out of bounds', () => {
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 3)).toEqual(['a', 'b', 'c']);
  });

  it('lists the stops not delivered and not cancelled', () => {
    const stop = (id: string, status: string, invoice_cancelled = false) =>
      ({ id, status, invoice_cancelled }) as never;
    expect(
      undelivered([
        stop('a', 'planned'),
        stop('b', 'delivered'),
        stop('c', 'skipped'),
        stop('d', 'planned', true),
      ]).map((s: { id: string }) => s.id),
    ).toEqual(['a', 'c']);
  });

  it('reads dollars typed with a sign and commas', () => {
    expect(dollars('$1,204.50')).toBe(1204.5);
    expect(dollars('abc')).toBe(0);
  });
});
