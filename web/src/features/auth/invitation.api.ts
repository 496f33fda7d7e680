import { api } from '../../app/api';
import type { AuthAnswer } from '../../app/session';

/** What an invitation link is for: GET auth/invitation?token= (public). */
export interface InvitationInfo {
  email: string;
  name: string | null;
  company_name: string;
}

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
    lookupInvitation: build.query<InvitationInfo, string>({
      query: (token) => ({ url: 'auth/invitation', params: { token } }),
    }),
    acceptInvitation: build.mutation<AuthAnswer, AcceptInvitationBody>({
      query: (body) => ({ url: 'auth/invitation/accept', method: 'POST', body }),
    }),
  }),
});

export const { useLookupInvitationQuery, useAcceptInvitationMutation } = invitationApi;
