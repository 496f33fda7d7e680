import { api } from '../../app/api';

/** The signed-in user's notifications for placed orders (GET/PUT /company/notification; order feature). */
export interface NotificationPreferences {
  email_notification: boolean;
  app_notification: boolean;
}

export const notificationApi = api.enhanceEndpoints({ addTagTypes: ['Notification'] }).injectEndpoints({
  endpoints: (build) => ({
    getNotificationPreferences: build.query<NotificationPreferences, void>({
      query: () => 'company/notification',
      providesTags: ['Notification'],
    }),
    updateNotificationPreferences: build.mutation<NotificationPreferences, NotificationPreferences>({
      query: (body) => ({ url: 'company/notification', method: 'PUT', body }),
      // optimistic: the switch moves at once and moves back if the save fails
      onQueryStarted: async (body, { dispatch, queryFulfilled }) => {
        const patch = dispatch(
          notificationApi.util.updateQueryData('getNotificationPreferences', undefined, (draft) => {
            draft.email_notification = body.email_notification;
            draft.app_notification = body.app_notification;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const { useGetNotificationPreferencesQuery, useUpdateNotificationPreferencesMutation } =
  notificationApi;
