import { api } from '../../app/api';

/** A user of the company, as GET /company/staff lists them. */
export interface StaffUser {
  id: string;
  name: string;
  title: string;
  email: string;
  role: 'owner' | 'staff';
  disabled: boolean;
  disabled_at: string | null;
  created_at: string;
}

/** An invitation not yet used (pending, or expired after 7 days). */
export interface StaffInvitation {
  id: string;
  email: string;
  name: string | null;
  created_at: string;
  expires_at: string;
  status: 'pending' | 'expired';
}

export interface StaffList {
  users: StaffUser[];
  invitations: StaffInvitation[];
}

export interface InviteStaffBody {
  name: string;
  email: string;
}

/** Staff (issue 4 item 2): any user may look; only the owner invites, revokes and disables. */
export const staffApi = api.enhanceEndpoints({ addTagTypes: ['Staff'] }).injectEndpoints({
  endpoints: (build) => ({
    listStaff: build.query<StaffList, void>({
      query: () => 'company/staff',
      providesTags: ['Staff'],
    }),
    /** Answers the invitation with its sign-up link. */
    inviteStaff: build.mutation<StaffInvitation & { link: string }, InviteStaffBody>({
      query: (body) => ({ url: 'company/staff/invitation', method: 'POST', body }),
      invalidatesTags: ['Staff'],
    }),
    revokeInvitation: build.mutation<void, string>({
      query: (id) => ({ url: `company/staff/invitation/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Staff'],
    }),
    setStaffDisabled: build.mutation<StaffUser, { id: string; disabled: boolean }>({
      query: ({ id, disabled }) => ({
        url: `company/staff/${encodeURIComponent(id)}`,
        method: 'PUT',
        body: { disabled },
      }),
      invalidatesTags: ['Staff'],
    }),
  }),
});

export const {
  useListStaffQuery,
  useInviteStaffMutation,
  useRevokeInvitationMutation,
  useSetStaffDisabledMutation,
} = staffApi;
