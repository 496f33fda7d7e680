/** Examples of the auth answers for the OpenAPI document (taken from a real answer of the demo company). */
export const USER_EXAMPLE = {
  id: '40a07ce7-3516-43fd-9f8f-7678e888a9d6',
  name: 'Rosa Diaz',
  title: 'Owner',
  email: 'owner@lonestar-distributing.com',
  role: 'owner',
  company_id: '91be9e32-ffeb-43e6-be9b-5ed06aca32b0',
  company: {
    id: '91be9e32-ffeb-43e6-be9b-5ed06aca32b0',
    name: 'Lone Star Distributing',
    details_complete: true,
    time_zone: 'America/Chicago',
  },
};

/** The session: an opaque bearer token (not a JWT; only its hash is stored), 23 h, revoked by sign-out. */
export const SESSION_EXAMPLE = {
  access_token: '9y-B-vcWJsDT2E__kQ161DqlFsUoqvfo8qy21ptsI8U',
  user: USER_EXAMPLE,
};

export const RESET_SENT_EXAMPLE = {
  message: 'Email has been sent to your inbox. The password reset link will be expired after 23 hours.',
};

export const PASSWORD_RESET_EXAMPLE = { message: 'Password reset successfully.' };
