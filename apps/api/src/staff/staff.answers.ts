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
