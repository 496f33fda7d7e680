import { formatDate } from '../../shared/format';
import { joinFacts } from '../../shared/grid/phone-row';
import type { StaffInvitation } from './staff.api';

/** What a phone shows of a pending invitation, besides its Revoke button. */
export interface InvitationPhoneFacts {
  /** the invitee's name, or the e-mail when the invitation names nobody */
  primary: string;
  /** the e-mail under the name (absent when it is the first line already) */
  email?: string;
  /** 'Sent 30 Nov, 2026 · Expires 07 Dec, 2026'; an expired one says when it was sent, its Expired badge the rest */
  dates: string;
  expired: boolean;
}

/** A pending invitation on a phone: who, the e-mail whole, when it was sent and when it expires. */
export function invitationPhoneFacts(
  invitation: Pick<StaffInvitation, 'name' | 'email' | 'created_at' | 'expires_at' | 'status'>,
): InvitationPhoneFacts {
  const expired = invitation.status === 'expired';
  const name = invitation.name?.trim();
  return {
    primary: name || invitation.email,
    email: name ? invitation.email : undefined,
    dates: joinFacts(
      `Sent ${formatDate(invitation.created_at)}`,
      !expired && `Expires ${formatDate(invitation.expires_at)}`,
    ),
    expired,
  };
}
