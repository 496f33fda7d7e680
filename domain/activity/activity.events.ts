/**
 * Facts with no aggregate of their own, appended to `activity-{companyId}` (ARCHITECTURE §3); the activity log
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

export const activityStream = (companyId: string) => `activity-${companyId}`;
