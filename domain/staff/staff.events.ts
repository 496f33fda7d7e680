/**
 * Staff are plain users (credentials don't belong in the log); what the owner and they do is
 * recorded as facts on `activity-{companyId}`. `userId` is who acted, as in the other activity facts.
 */
interface StaffFact<T extends string, D> {
  type: T;
  data: { userId: string; email: string } & D;
}

export type StaffInvited = StaffFact<'StaffInvited', { invitationId: string; invitedEmail: string }>;
export type StaffInvitationRevoked = StaffFact<
  'StaffInvitationRevoked',
  { invitationId: string; invitedEmail: string }
>;
/** The invitee signed up into the company as staff (userId and email are theirs). */
export type StaffJoined = StaffFact<'StaffJoined', { invitationId: string; ip?: string | null }>;
export type StaffDisabled = StaffFact<'StaffDisabled', { staffUserId: string; staffEmail: string }>;
export type StaffEnabled = StaffFact<'StaffEnabled', { staffUserId: string; staffEmail: string }>;

/** The owner made a staff user a driver (who uses only the driver's app), or a driver staff again. */
export type StaffRoleChanged = StaffFact<
  'StaffRoleChanged',
  { staffUserId: string; staffEmail: string; from: 'staff' | 'driver'; to: 'staff' | 'driver' }
>;

export type StaffEvent =
  StaffInvited | StaffInvitationRevoked | StaffJoined | StaffDisabled | StaffEnabled | StaffRoleChanged;
