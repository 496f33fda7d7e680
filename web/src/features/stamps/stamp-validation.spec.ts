import { describe, expect, it } from '@jest/globals';
import { addDays, companyToday } from '../../shared/format';
import { rollSizeWarnings, validateRange, validateRoll } from './stamp-validation';

/** Days counted from the company's today (its clock, not the test machine's). */
const day = (days: number) => addDays(companyToday(), days);
const roll = { prefix: '', received_at: day(0), from: '1000', to: '1479' };

describe('stamp roll form', () => {
  it('accepts a roll received up to 3 days ahead, with or without a prefix', () => {
    expect(Object.values(validateRoll(roll)).filter(Boolean)).toEqual([]);
    expect(
      Object.values(validateRoll({ ...roll, prefix: ' ab ', received_at: day(3) })).filter(Boolean),
    ).toEqual([]);
  });

  it("takes From and To typed as printed, with the roll's prefix", () => {
    expect(
      Object.values(validateRoll({ ...roll, prefix: 'AB', from: 'AB1000', to: 'ab 1479' })).filter(Boolean),
    ).toEqual([]);
    expect(
      validateRange(
        { roll: '1', from: 'AB1010', to: 'AB1012', note: '' },
        { prefix: 'AB', from: 1000, to: 1479 },
      ),
    ).toEqual({ roll: undefined, from: undefined, to: undefined, note: undefined });
    expect(
      validateRange(
        { roll: '1', from: 'CD1010', to: '1012', note: '' },
        { prefix: 'AB', from: 1000, to: 1479 },
      ).from,
    ).toBe('From must be a whole number.');
  });

  it('gives the spec messages', () => {
    expect(validateRoll({ ...roll, received_at: '' }).received_at).toBe('Received date is required.');
    expect(validateRoll({ ...roll, received_at: day(4) }).received_at).toBe(
      'Received date must not be later than 3 days after today.',
    );
    expect(validateRoll({ ...roll, from: '0' }).from).toBe('From must be at least 1.');
    expect(validateRoll({ ...roll, from: '1.5' }).from).toBe('From must be a whole number.');
    expect(validateRoll({ ...roll, to: '999' }).to).toBe(
      'Stamp roll must end in a larger value than the start',
    );
    expect(validateRoll({ ...roll, to: '1000' }).to).toBeUndefined();
    expect(validateRoll({ ...roll, prefix: 'A/B' }).prefix).toBe(
      'Prefix may hold only letters, digits, spaces and hyphens.',
    );
  });

  it('warns about unusual sizes without blocking', () => {
    expect(rollSizeWarnings({ from: '1000', to: '1479' })).toEqual([]);
    expect(rollSizeWarnings({ from: '1', to: '50' })).toEqual([
      'A roll of 50 stamps is too few (under 80).',
      'A roll of 50 stamps is unusual: not a multiple of 80 or 500.',
    ]);
    expect(rollSizeWarnings({ from: '1', to: '' })).toEqual([]);
  });
});

describe('destroy range form', () => {
  const abRoll = { prefix: 'AB', from: 1000, to: 1479 };
  const range = { roll: '1', from: '1010', to: '1020', note: '' };

  it('keeps the range within the roll', () => {
    expect(Object.values(validateRange(range, abRoll)).filter(Boolean)).toEqual([]);
    expect(validateRange({ ...range, to: '1500' }, abRoll).to).toBe(
      'From and to must lie within the roll range AB1000-AB1479.',
    );
    expect(validateRange({ ...range, from: '999' }, abRoll).from).toBe(
      'From and to must lie within the roll range AB1000-AB1479.',
    );
    expect(validateRange({ ...range, to: '1009' }, abRoll).to).toBe('To must be at least From.');
    expect(validateRange(range, undefined).roll).toBe('Pick a roll.');
  });
});
