import type { FormErrors } from '../../shared/forms/use-form';

export const PROFILE_MESSAGES = {
  nameShort: 'Name must be at least 3 characters',
  passwordShort: 'Password must be at least 4 characters',
  failed: 'Error occurred while changing name and password.',
  saved: 'Profile updated.',
} as const;

export type ProfileValues = { name: string; password: string };

/** The client's specification: name required, at least 3 characters after trimming; password optional, at least 4. */
export const validateProfile = (v: ProfileValues): FormErrors<ProfileValues> => ({
  name: v.name.trim().length < 3 ? PROFILE_MESSAGES.nameShort : undefined,
  password: v.password.length > 0 && v.password.length < 4 ? PROFILE_MESSAGES.passwordShort : undefined,
});
