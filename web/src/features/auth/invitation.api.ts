import { api } from '../../app/api';
import type { AuthAnswer } from '../../app/session';
import type { InvitationInfoResponse } from '#domain/contracts/staff.contract';

/** GET auth/invitation?token= (public): domain/contracts/staff.contract.ts. */
export type { InvitationInfoResponse as InvitationInfo } from '#domain/contracts/staff.contract';

export interface AcceptInvitationBody {
  token: string;
  name: string;
  title: string;
  password: string;
  confirm_password: string;
}

/** The invitee's side of a staff invitation: /auth/signup?invitation=<token>. */
export const invitationApi = api.injectEndpoints({
  endpoints: (build) => ({
    lookupInvitation: build.query<InvitationInfoResponse, string>({
      query: (token) => ({ url: 'auth/invitation', params: { token } }),
    }),
    acceptInvitation: build.mutation<AuthAnswer, AcceptInvitationBody>({
      query: (body) => ({ url: 'auth/invitation/accept', method: 'POST', body }),
    }),
  }),
});

export const { useLookupInvitationQuery, useAcceptInvitationMutation } = invitationApi;
