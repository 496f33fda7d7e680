import { api } from '../../app/api';
import type { User } from '../../app/session';

export interface UpdateProfileBody {
  name: string;
  password?: string;
}

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateProfile: build.mutation<User, UpdateProfileBody>({
      query: (body) => ({ url: 'user', method: 'PUT', body }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useUpdateProfileMutation } = profileApi;
