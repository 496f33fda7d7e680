import { describe, expect, it } from '@jest/globals';
import { isSearchable, isUpc, scannedProduct, searchTerm } from './product-search';

describe('builder product search', () => {
  it('strips % and _ and collapses spaces', () => expect(searchTerm(' ti%to_s   vod ')).toBe('titos vod'));
  it('starts at 3 characters', () => {
    expect(isSearchable('ti')).toBe(false);
    expect(isSearchable('tit')).toBe(true);
    expect(isSearchable(searchTerm('%%ab'))).toBe(false);
  });
  it('treats a digit string longer than 5 as a UPC', () => {
    expect(isUpc('12345')).toBe(false);
    expect(isUpc('123456')).toBe(true);
    expect(isUpc('12345a')).toBe(false);
  });
  it('takes the single result of a UPC search as scanned', () => {
    expect(scannedProduct('0811538010351', [{ id: 'a' }])).toEqual({ id: 'a' });
    expect(scannedProduct('0811538010351', [{ id: 'a' }, { id: 'b' }])).toBeNull();
    expect(scannedProduct('tito', [{ id: 'a' }])).toBeNull();
    expect(scannedProduct('0811538010351', undefined)).toBeNull();
  });
});
