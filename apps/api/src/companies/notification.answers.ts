/** Examples of answers for the OpenAPI document: real answers of the demo company, lists cut to one row. */
export const COMPANY_NOTIFICATION_ANSWER = {
  email_notification: true,
  app_notification: true,
  user: {
    id: '40a07ce7-3516-43fd-9f8f-7678e888a9d6',
    name: 'Rosa Diaz',
    email: 'owner@lonestar-distributing.com',
  },
};

export const NOTIFICATION_SAVED_ANSWER = {
  email_notification: true,
  app_notification: false,
  user: {
    id: '40a07ce7-3516-43fd-9f8f-7678e888a9d6',
    name: 'Rosa Diaz',
    email: 'owner@lonestar-distributing.com',
  },
};
