import { isEmail } from '#domain/shared/field-rules';
import type { FormErrors } from '../../shared/forms/use-form';

/** The client's specification: the messages the API answers too (apps/api/src/staff/dto/staff.bodies.ts). */
export const STAFF_MESSAGES = {
  name: 'User name is required !',
  email: "Email can't be an empty field !",
  invited: (email: string) => `Invitation sent to ${email}.`,
  copied: 'Invitation link copied.',
  copyFailed: 'Could not copy the link; select it and copy it by hand.',
  failed: 'Something went wrong',
} as const;

export type InviteValues = { name: string; email: string };

export const INVITE_NAME_LENGTH = { min: 3, max: 40 } as const;

export const validateInvite = (v: InviteValues): FormErrors<InviteValues> => {
  const name = v.name.trim().length;
  return {
    name: name < INVITE_NAME_LENGTH.min || name > INVITE_NAME_LENGTH.max ? STAFF_MESSAGES.name : undefined,
    email: isEmail(v.email) ? undefined : STAFF_MESSAGES.email,
  };
};

/** The invitation link is shown and copied as https (as the client's specification asks). */
export const asHttps = (link: string): string => link.replace(/^http:\/\//i, 'https://');
