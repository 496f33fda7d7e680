import { describe, expect, it } from '@jest/globals';
import { CLIENT_VERSION, compareVersions } from './version';

describe('client version', () => {
  it('starts at 3.98', () => expect(CLIENT_VERSION).toBe('3.98'));

  it('compares dotted versions part by part', () => {
    expect(compareVersions('3.97', '3.98')).toBe(-1);
    expect(compareVersions('3.98', '3.98.0')).toBe(0);
    expect(compareVersions('3.100', '3.98')).toBe(1);
    expect(compareVersions('4', '3.99')).toBe(1);
    expect(compareVersions('1.0', '3.98')).toBe(-1);
  });
});
