/**
 * Facts with no aggregate of their own, appended to `activity-{companyId}`; the activity log
 * read model shows them. Users and sessions are plain tables: these events record what they did.
 */
interface UserFact<T extends string> {
  type: T;
  data: { userId: string; email: string; ip?: string | null };
}

export type UserSignedUp = UserFact<'UserSignedUp'>;
export type UserSignedIn = UserFact<'UserSignedIn'> & { data: { method: 'password' | 'login_token' } };
export type UserSignedOut = UserFact<'UserSignedOut'>;
export type PasswordReset = UserFact<'PasswordReset'>;
export type ProfileUpdated = UserFact<'ProfileUpdated'> & {
  data: { nameChanged: boolean; passwordChanged: boolean };
};

export type ActivityEvent = UserSignedUp | UserSignedIn | UserSignedOut | PasswordReset | ProfileUpdated;

/**
 * A customer user (the ordering app's account) signed out, or the distributor changed their access: their sessions
 * may have ended, so every API process checks the ordering app's sockets of that customer user at once.
 */
export interface CustomerUserSignedOut {
  type: 'CustomerUserSignedOut';
  data: { customerUserId: string; customerId: string };
}
export interface CustomerUserAccessChanged {
  type: 'CustomerUserAccessChanged';
  data: {
    customerUserId: string;
    customerId: string;
    access: 'enabled' | 'disabled' | 'revoked' | 'reactivated';
    userId: string;
    /** Who and whose, as they were named then (the activity log shows them); absent on older events. */
    customerUserName?: string;
    customerName?: string;
  };
}
export type CustomerUserFact = CustomerUserSignedOut | CustomerUserAccessChanged;

export const activityStream = (companyId: string) => `activity-${companyId}`;
