/** Examples of answers for the OpenAPI document: real answers of the demo company, lists cut to one row. */
export const CUSTOMER_USER_ANSWER = {
  id: 'd3813365-1e3f-414c-a10c-9ed27c258825',
  name: 'Ana Flores',
  email: 'ana@rustynail.example',
  phone_number: null,
  tabc_id: 'MB123456',
  is_enable: true,
  revoked: false,
  access: 'Enabled',
  invited_at: '2026-11-25T20:09:20.429Z',
  created_at: '2026-11-25T20:09:20.429Z',
  signed_in_at: '2026-11-25T20:09:20.667Z',
  app_notification: true,
  email_notification: true,
  sms_notification: false,
  customer: {
    id: '3bf06952-0466-420f-bea0-9ca799b4c22c',
    name: 'The Rusty Nail',
  },
  userActivity: [{ type: 'SIGN_IN', created_at: '2026-11-25T20:09:20.667Z', ended_at: null }],
  emailInvitation: [
    {
      status: 'accepted',
      created_at: '2026-11-25T20:09:20.429Z',
      expires_at: '2026-12-02T20:09:20.429Z',
      used_at: '2026-11-25T20:09:20.667Z',
      revoked_at: null,
    },
  ],
};

export const CUSTOMER_USERS_ANSWER = [CUSTOMER_USER_ANSWER];

export const CUSTOMER_USER_INVITED_ANSWER = {
  user: { ...CUSTOMER_USER_ANSWER, access: '', signed_in_at: null },
  link: 'http://localhost:3104/shop/order/invitation?token=9owGd6vFvuyiHINAjmsS4-RsVwchPZ1ePULmz7bMkLs',
};

export const CUSTOMER_USER_DISABLED_ANSWER = {
  ...CUSTOMER_USER_ANSWER,
  is_enable: false,
  access: 'Disabled',
};

export const CUSTOMER_USER_REVOKED_ANSWER = {
  ...CUSTOMER_USER_ANSWER,
  is_enable: false,
  revoked: true,
  access: 'Revoked',
};
