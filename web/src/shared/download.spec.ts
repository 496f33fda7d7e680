import { describe, expect, it } from '@jest/globals';
import { dispositionFilename } from './download';

describe('dispositionFilename', () => {
  it('reads quoted, bare and encoded file names', () => {
    expect(dispositionFilename('attachment; filename="stamps_05_Mar_2026.csv"')).toBe(
      'stamps_05_Mar_2026.csv',
    );
    expect(dispositionFilename('attachment; filename=report.csv')).toBe('report.csv');
    expect(dispositionFilename('attachment; filename*=UTF-8\'\'caf%C3%A9.csv; filename="cafe.csv"')).toBe(
      'café.csv',
    );
    expect(dispositionFilename(null)).toBeNull();
    expect(dispositionFilename('inline')).toBeNull();
  });
});
