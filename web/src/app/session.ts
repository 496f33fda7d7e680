import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The signed-in user as the API returns it (auth/signin, auth/signup, validate_token, PUT user). */
export interface User {
  id: number | string;
  name: string;
  title: string;
  email: string;
  /** A driver uses the driver's app only (/driver). */
  role: 'owner' | 'staff' | 'driver';
  company_id: number | string;
  /** time_zone: the company's, every date and time is shown in it. */
  company: { id: number | string; name: string; time_zone?: string } | null;
}

export interface AuthAnswer {
  access_token: string;
  user: User;
}

/**
 * anonymous → signedIn (sign-in, sign-up, login token) → expired (any 401) → signedIn (password again) …
 * validating: a stored token is being checked on start-up; a refused token signs out.
 */
export type SessionStatus = 'anonymous' | 'validating' | 'signedIn' | 'expired';

export interface SessionState {
  token: string | null;
  user: User | null;
  status: SessionStatus;
  /** start-up validation failed for a reason other than a refused token (server down …) */
  bootFailed: boolean;
}

export const TOKEN_KEY = 'token';

/** The spec stores the token only when it is longer than 5 characters; anything shorter is no token. */
export const acceptToken = (token: string | null | undefined): string | null =>
  typeof token === 'string' && token.length > 5 ? token : null;

export function readStoredToken(): string | null {
  try {
    return acceptToken(localStorage.getItem(TOKEN_KEY));
  } catch {
    return null;
  }
}

export function persistToken(token: string | null): void {
  try {
    const accepted = acceptToken(token);
    if (accepted) localStorage.setItem(TOKEN_KEY, accepted);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // storage unavailable (private mode): the session lives in memory only
  }
}

export function initialSessionState(token = readStoredToken()): SessionState {
  return { token, user: null, status: token ? 'validating' : 'anonymous', bootFailed: false };
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    signedIn(state, { payload }: PayloadAction<AuthAnswer>) {
      const token = acceptToken(payload.access_token);
      if (!token) return;
      state.token = token;
      state.user = payload.user;
      state.status = 'signedIn';
      state.bootFailed = false;
    },
    /** the password was given again in the session-expired modal; waiting calls resume */
    reauthenticated(state, { payload }: PayloadAction<AuthAnswer>) {
      const token = acceptToken(payload.access_token);
      if (!token) return;
      state.token = token;
      state.user = payload.user;
      state.status = 'signedIn';
    },
    tokenValidated(state, { payload }: PayloadAction<User>) {
      if (state.status !== 'validating') return;
      state.user = payload;
      state.status = 'signedIn';
      state.bootFailed = false;
    },
    validationFailed(state) {
      state.bootFailed = true;
    },
    retryValidation(state) {
      state.bootFailed = false;
    },
    sessionExpired(state) {
      if (state.status === 'signedIn') state.status = 'expired';
    },
    userUpdated(state, { payload }: PayloadAction<User>) {
      state.user = payload;
    },
    signedOut() {
      return { token: null, user: null, status: 'anonymous', bootFailed: false } satisfies SessionState;
    },
  },
});

export const {
  signedIn,
  reauthenticated,
  tokenValidated,
  validationFailed,
  retryValidation,
  sessionExpired,
  userUpdated,
  signedOut,
} = sessionSlice.actions;

let waiters: Array<(resumed: boolean) => void> = [];

/** A call that got a 401 waits here: true once the user signed in again, false when the session ended. */
export function waitForSession(): Promise<boolean> {
  return new Promise((resolve) => waiters.push(resolve));
}

export function settleSessionWaiters(resumed: boolean): void {
  const settled = waiters;
  waiters = [];
  for (const resolve of settled) resolve(resumed);
}

export function initials(name: string | undefined | null): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  const first = parts[0][0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1][0] ?? '') : '';
  return (first + last).toUpperCase();
}
