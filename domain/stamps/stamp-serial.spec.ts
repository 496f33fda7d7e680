import { describe, expect, it } from '@jest/globals';
import { serialReadings, stampNumberOf } from './stamp-serial.js';

describe('stamp serials as typed or pasted', () => {
  it('reads a serial as printed: the prefix, then the number', () =>
    expect(serialReadings('TX4210067')[0]).toEqual({ prefix: 'TX', number: 4210067 }));

  it('takes a space or a dash between them, lower case and stray spaces', () => {
    for (const text of ['TX 4210067', 'tx-4210067', '  Tx 4210067 ', 'TX - 4210067'])
      expect(serialReadings(text)[0]).toEqual({ prefix: 'TX', number: 4210067 });
  });

  it('reads a bare number as a roll without a prefix', () =>
    expect(serialReadings('1005')).toEqual([
      { prefix: '', number: 1005 },
      { prefix: '1', number: 5 },
      { prefix: '10', number: 5 },
      { prefix: '100', number: 5 },
    ]));

  it('offers the readings of a prefix that ends with digits, after the likeliest', () => {
    const readings = serialReadings('A1000123');
    expect(readings[0]).toEqual({ prefix: 'A', number: 1000123 });
    expect(readings).toContainEqual({ prefix: 'A1', number: 123 });
  });

  it('reads nothing from text that is no serial', () => {
    expect(serialReadings('')).toEqual([]);
    expect(serialReadings('TX')).toEqual([]);
    expect(serialReadings('TX4210067 and more')).toEqual([]);
    expect(serialReadings('TX#4210067')).toEqual([]);
    expect(serialReadings('TX0')).toEqual([]);
  });

  it('never reads more than ten digits as the number', () =>
    expect(serialReadings('12345678901')[0]).toEqual({ prefix: '1', number: 2345678901 }));

  it("reads a stamp of a known roll bare or with the roll's prefix", () => {
    expect(stampNumberOf('1005', 'AB')).toBe(1005);
    expect(stampNumberOf('AB1005', 'AB')).toBe(1005);
    expect(stampNumberOf('ab 1005', 'AB')).toBe(1005);
    expect(stampNumberOf('CD1005', 'AB')).toBeNull();
    expect(stampNumberOf('x', 'AB')).toBeNull();
    expect(stampNumberOf('0', 'AB')).toBe(0);
  });
});
