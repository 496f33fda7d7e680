import { api } from '../../app/api';
import type {
  InviteStaffBody,
  InviteStaffResponse,
  StaffListResponse,
  StaffUser,
} from '#domain/contracts/staff.contract';

/** The shapes of /company/staff, one home for the API and the web: domain/contracts/staff.contract.ts. */
export type { StaffInvitation, StaffUser } from '#domain/contracts/staff.contract';

/** Staff: any user may look; only the owner invites, revokes, disables and makes a user a driver. */
export const staffApi = api.enhanceEndpoints({ addTagTypes: ['Staff', 'Route'] }).injectEndpoints({
  endpoints: (build) => ({
    listStaff: build.query<StaffListResponse, void>({
      query: () => 'company/staff',
      providesTags: ['Staff'],
    }),
    /** Answers the invitation with its sign-up link. */
    inviteStaff: build.mutation<InviteStaffResponse, InviteStaffBody>({
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
    /** A staff user becomes a driver (only the driver app), or staff again. */
    setStaffRole: build.mutation<StaffUser, { id: string; role: 'staff' | 'driver' }>({
      query: ({ id, role }) => ({
        url: `company/staff/${encodeURIComponent(id)}`,
        method: 'PUT',
        body: { role },
      }),
      invalidatesTags: ['Staff', 'Route'],
    }),
  }),
});

export const {
  useListStaffQuery,
  useInviteStaffMutation,
  useRevokeInvitationMutation,
  useSetStaffDisabledMutation,
  useSetStaffRoleMutation,
} = staffApi;
