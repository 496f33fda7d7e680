import { isBlank, isEmail } from '../../shared/forms/validators';
import type { FormErrors } from '../../shared/forms/use-form';

/** Messages of the client's specification (exact text). */
export const AUTH_MESSAGES = {
  emailEmpty: "Email can't be an empty field",
  emailInvalid: 'Please insert a valid email address',
  passwordEmpty: "Password can't be an empty field",
  passwordShort: 'Password must be at least 5 characters',
  nameEmpty: "Full name can't be an empty field",
  titleEmpty: "Title can't be an empty field",
  signUpMismatch: 'Passwords do not match',
  weakPassword: 'Please input a strong password',
  confirmMissing: 'Please make sure "confirm password" input matches your password',
  changeMismatch: "Passwords don't match",
  serversBroke: 'our servers broke, please try again later',
  resetEmailFailed: 'Error occurred while sending email',
  resetEmailSent:
    'Email has been sent to your inbox. The password reset link will be expired after 23 hours.',
  resetFailed: 'Error occurred while resetting password.',
  resetDone: 'Password reset successfully.',
} as const;

export const MIN_PASSWORD = 5;

export const emailError = (email: string): string | undefined =>
  isBlank(email) ? AUTH_MESSAGES.emailEmpty : isEmail(email) ? undefined : AUTH_MESSAGES.emailInvalid;

export const passwordError = (password: string): string | undefined =>
  password.length === 0
    ? AUTH_MESSAGES.passwordEmpty
    : password.length < MIN_PASSWORD
      ? AUTH_MESSAGES.passwordShort
      : undefined;

export type SignInValues = { email: string; password: string };
export const validateSignIn = (v: SignInValues): FormErrors<SignInValues> => ({
  email: emailError(v.email),
  password: passwordError(v.password),
});

export type SignUpValues = {
  email: string;
  name: string;
  title: string;
  password: string;
  confirm_password: string;
};
export const validateSignUp = (v: SignUpValues): FormErrors<SignUpValues> => ({
  email: emailError(v.email),
  name: isBlank(v.name) ? AUTH_MESSAGES.nameEmpty : undefined,
  title: isBlank(v.title) ? AUTH_MESSAGES.titleEmpty : undefined,
  password: passwordError(v.password),
  confirm_password: v.confirm_password !== v.password ? AUTH_MESSAGES.signUpMismatch : undefined,
});

export type ResetRequestValues = { email: string };
export const validateResetRequest = (v: ResetRequestValues): FormErrors<ResetRequestValues> => ({
  email: isEmail(v.email) ? undefined : AUTH_MESSAGES.emailInvalid,
});

export type ChangePasswordValues = { password: string; confirm: string };
export const validateChangePassword = (v: ChangePasswordValues): FormErrors<ChangePasswordValues> => ({
  password: v.password.length < MIN_PASSWORD ? AUTH_MESSAGES.weakPassword : undefined,
  confirm:
    v.confirm.length === 0
      ? AUTH_MESSAGES.confirmMissing
      : v.confirm !== v.password
        ? AUTH_MESSAGES.changeMismatch
        : undefined,
});
