import { describe, expect, it } from '@jest/globals';
import {
  validateChangePassword,
  validateResetRequest,
  validateSignIn,
  validateSignUp,
} from './auth-messages';

describe('auth form rules', () => {
  it('asks for e-mail and password on sign-in', () =>
    expect(validateSignIn({ email: ' ', password: '' })).toEqual({
      email: "Email can't be an empty field",
      password: "Password can't be an empty field",
    }));

  it('accepts an address without a top-level domain, refuses one without @', () => {
    expect(validateSignIn({ email: 'ann@localhost', password: 'secret' }).email).toBeUndefined();
    expect(validateSignIn({ email: 'ann.example.com', password: 'secret' }).email).toBe(
      'Please insert a valid email address',
    );
  });

  it('needs at least 5 password characters', () =>
    expect(validateSignIn({ email: 'a@b.co', password: 'abcd' }).password).toBe(
      'Password must be at least 5 characters',
    ));

  it('needs name, title and a matching confirmation on sign-up', () =>
    expect(
      validateSignUp({
        email: 'a@b.co',
        name: '',
        title: ' ',
        password: 'secret',
        confirm_password: 'secreT',
      }),
    ).toEqual({
      email: undefined,
      name: "Full name can't be an empty field",
      title: "Title can't be an empty field",
      password: undefined,
      confirm_password: 'Passwords do not match',
    }));

  it('asks for a valid address on the reset request', () =>
    expect(validateResetRequest({ email: '' }).email).toBe('Please insert a valid email address'));

  it('uses the password-change messages', () => {
    expect(validateChangePassword({ password: '', confirm: '' })).toEqual({
      password: 'Please input a strong password',
      confirm: 'Please make sure "confirm password" input matches your password',
    });
    expect(validateChangePassword({ password: 'secret', confirm: 'secreT' }).confirm).toBe(
      "Passwords don't match",
    );
    expect(validateChangePassword({ password: 'secret', confirm: 'secret' })).toEqual({
      password: undefined,
      confirm: undefined,
    });
  });
});
