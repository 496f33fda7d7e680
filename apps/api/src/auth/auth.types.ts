export type Role = 'owner' | 'staff' | 'driver';

/** The signed-in caller, attached to the request by the auth guard. */
export interface AuthUser {
  id: string;
  companyId: string;
  email: string;
  name: string;
  title: string;
  role: Role;
  tokenHash: Buffer;
  /** The company's features that were on when the request was authenticated (the feature guard reads them). */
  activeFeatures?: ReadonlySet<string>;
  /** when the session's token expires (ISO instant) */
  expiresAt?: string;
}

/** The user as the API answers it (as the client's specification asks). */
export interface UserResponse {
  id: string;
  name: string;
  title: string;
  email: string;
  role: Role;
  company_id: string;
  company: { id: string; name: string; details_complete: boolean; time_zone: string } | null;
}
