import { describe, expect, it } from '@jest/globals';
import { asHttps, validateInvite } from './staff-validation';

describe('Staff invitation form', () => {
  it('needs a name of 3 to 40 characters and a valid e-mail', () => {
    expect(validateInvite({ name: 'Al', email: '' })).toEqual({
      name: 'User name is required !',
      email: "Email can't be an empty field !",
    });
    expect(validateInvite({ name: 'x'.repeat(41), email: 'sam@shop' }).name).toBe('User name is required !');
    expect(validateInvite({ name: ' Sam ', email: 'sam@shop' })).toEqual({
      name: undefined,
      email: undefined,
    });
  });

  it('shows and copies the invitation link as https', () => {
    expect(asHttps('http://app.test/auth/signup?invitation=abc')).toBe(
      'https://app.test/auth/signup?invitation=abc',
    );
    expect(asHttps('https://app.test/x')).toBe('https://app.test/x');
  });
});
