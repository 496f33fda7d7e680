/*
 * What /company/staff and the invitation calls answer and take, as the API writes it and the web reads it. Types only: the web build imports this file too.
 */

/**
 * A user of the company, as GET /company/staff lists them and PUT /company/staff/{id} answers. (A type, not an
 * interface: the API reads it straight from rows, and a row type is a Record.)
 */
export type StaffUser = {
  id: string;
  name: string;
  title: string;
  email: string;
  /** A driver uses only the driver's app (their routes, skips and deliveries). */
  role: 'owner' | 'staff' | 'driver';
  disabled: boolean;
  disabled_at: string | null;
  created_at: string;
};

/** An invitation not yet used (pending, or expired after 7 days). A type, as StaffUser. */
export type StaffInvitation = {
  id: string;
  email: string;
  name: string | null;
  created_at: string;
  expires_at: string;
  status: 'pending' | 'expired';
};

/** GET /company/staff. */
export interface StaffListResponse {
  users: StaffUser[];
  invitations: StaffInvitation[];
}

/** POST /company/staff/invitation. */
export interface InviteStaffBody {
  name: string;
  email: string;
}

/** POST /company/staff/invitation answers the invitation with its sign-up link. */
export type InviteStaffResponse = StaffInvitation & { link: string };

/** What an invitation link is for: GET /auth/invitation?token= (public). */
export interface InvitationInfoResponse {
  email: string;
  name: string | null;
  company_name: string;
}
