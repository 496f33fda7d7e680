import { fieldChanges, flatten, REDACTED } from './field-changes.js';

describe('field changes', () => {
  it('flattens nested objects and arrays to dotted paths', () => {
    expect(Object.fromEntries(flatten({ a: 1, b: { c: 'x', d: [true, null] }, e: [] }))).toEqual({
      a: 1,
      'b.c': 'x',
      'b.d.0': true,
      'b.d.1': null,
      e: '[]',
    });
  });

  it('lists what changed, old → new, with added and removed fields, in path order', () => {
    const before = { totalCents: 1000, status: 'invoiced', lines: [{ qty: 1 }, { qty: 2 }] };
    const after = { totalCents: 1500, status: 'invoiced', lines: [{ qty: 1 }, { qty: 3 }], note: 'rush' };
    expect(fieldChanges(before, after)).toEqual([
      { field: 'lines.1.qty', before: 2, after: 3 },
      { field: 'note', after: 'rush' },
      { field: 'totalCents', before: 1000, after: 1500 },
    ]);
    expect(fieldChanges({ a: 1, gone: 'x' }, { a: 1 })).toEqual([{ field: 'gone', before: 'x' }]);
  });

  it('never shows a secret, even when it changed', () => {
    const changes = fieldChanges(
      { passwordHash: 'abc', api_key: 'k1' },
      { passwordHash: 'def', api_key: 'k2' },
    );
    expect(changes).toEqual([]);
    expect(Object.fromEntries(flatten({ user: { resetToken: 'zzz', name: 'Ann' } }))).toEqual({
      'user.resetToken': REDACTED,
      'user.name': 'Ann',
    });
  });

  it('leaves out ignored paths and nothing changes between equal states', () => {
    expect(fieldChanges({ at: '1', n: 1 }, { at: '2', n: 2 }, (field) => field === 'at')).toEqual([
      { field: 'n', before: 1, after: 2 },
    ]);
    expect(fieldChanges({ a: [1, 2] }, { a: [1, 2] })).toEqual([]);
  });

  it('orders array indexes as numbers', () => {
    const before = { lines: Array.from({ length: 11 }, () => 0) };
    const after = { lines: Array.from({ length: 11 }, () => 1) };
    expect(
      fieldChanges(before, after)
        .map((c) => c.field)
        .slice(0, 3),
    ).toEqual(['lines.0', 'lines.1', 'lines.2']);
    expect(fieldChanges(before, after).at(-1)!.field).toBe('lines.10');
  });
});
