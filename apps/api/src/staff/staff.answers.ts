/** Examples of answers for the OpenAPI document: real answers of the demo company, lists cut to one row. */
export const COMPANY_STAFF_ANSWER = {
  users: [
    {
      id: '40a07ce7-3516-43fd-9f8f-7678e888a9d6',
      name: 'Rosa Diaz',
      title: 'Owner',
      email: 'owner@lonestar-distributing.com',
      role: 'owner',
      disabled: false,
      disabled_at: null,
      created_at: '2026-11-25T17:01:24.695Z',
    },
  ],
  invitations: [],
};

export const STAFF_INVITATION_ANSWER = {
  id: '5c838e8e-332d-493b-9e5b-97fad17cabb0',
  email: 'sam@lonestar-distributing.com',
  name: 'Sam Ortiz',
  created_at: '2026-11-25T17:57:44.374Z',
  expires_at: '2026-12-02T17:57:44.374Z',
  status: 'pending',
  link: 'http://localhost:3104/auth/signup?invitation=Ym_BDO2hkNOz8aedhw4jld8WAMlZUm05YaXliLkp-j8',
};

export const STAFF_USER_ANSWER = {
  id: 'ea48c56d-7b01-4e2a-8d8f-833729b478b6',
  name: 'Sam Ortiz',
  title: 'Sales',
  email: 'sam@lonestar-distributing.com',
  role: 'staff',
  disabled: true,
  disabled_at: '2026-11-25T20:08:56.452Z',
  created_at: '2026-11-25T20:08:56.426Z',
};

export const INVITATION_LOOKUP_ANSWER = {
  email: 'sam@lonestar-distributing.com',
  name: 'Sam Ortiz',
  company_name: 'Lone Star Distributing',
};

export const INVITATION_ACCEPTED_ANSWER = {
  access_token: '4WZZslduYALgfovETnEO-de6kyc_7amvghEOR5mcquc',
  user: {
    id: 'ea48c56d-7b01-4e2a-8d8f-833729b478b6',
    name: 'Sam Ortiz',
    title: 'Sales',
    email: 'sam@lonestar-distributing.com',
    role: 'staff',
    company_id: '91be9e32-ffeb-43e6-be9b-5ed06aca32b0',
    company: {
      id: '91be9e32-ffeb-43e6-be9b-5ed06aca32b0',
      name: 'Lone Star Distributing',
      details_complete: true,
      time_zone: 'America/Chicago',
    },
  },
};
