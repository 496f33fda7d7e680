import { api } from '../../app/api';
import type { CustomerUserResponse } from '#domain/contracts/order.contract';

const CUSTOMER_USERS = { type: 'CustomerUser', id: 'LIST' } as const;

/** A customer's users' notification flags: only those given change. */
export interface NotificationPreferences {
  app?: boolean;
  email?: boolean;
  sms?: boolean;
}

/** PUT /customer/{id}/notification-preferences: the flags of every user of the customer; answers its users. */
export const customerNotificationsApi = api
  .enhanceEndpoints({ addTagTypes: ['CustomerUser'] })
  .injectEndpoints({
    endpoints: (build) => ({
      setNotificationPreferences: build.mutation<
        CustomerUserResponse[],
        { customerId: string } & NotificationPreferences
      >({
        query: ({ customerId, ...flags }) => ({
          url: `customer/${encodeURIComponent(customerId)}/notification-preferences`,
          method: 'PUT',
          body: flags,
        }),
        invalidatesTags: [CUSTOMER_USERS],
      }),
    }),
  });

export const { useSetNotificationPreferencesMutation } = customerNotificationsApi;
