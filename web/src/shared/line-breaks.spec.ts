import { describe, expect, it } from '@jest/globals';
import { emailBreakParts } from './line-breaks';

describe('where an e-mail address may wrap', () => {
  it('before each dot and the @, the parts joined giving the address back', () => {
    const email = 'maximiliana.alexandra.montgomery-villanueva@rusty-nail.example.com';
    expect(emailBreakParts(email)).toEqual([
      'maximiliana',
      '.alexandra',
      '.montgomery-villanueva',
      '@rusty-nail',
      '.example',
      '.com',
    ]);
    expect(emailBreakParts(email).join('')).toBe(email);
  });

  it('keeps an address without dots whole, and a leading dot with what follows it', () => {
    expect(emailBreakParts('sam@localhost')).toEqual(['sam', '@localhost']);
    expect(emailBreakParts('.odd..name@x')).toEqual(['.odd', '.', '.name', '@x']);
    expect(emailBreakParts('')).toEqual(['']);
  });
});
