import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { sessionExpired, waitForSession, type SessionState } from './session';

export const API_BASE = '/api/v1';

const rawBaseQuery = fetchBaseQuery({
  baseUrl: API_BASE,
  prepareHeaders: (headers, { getState }) => {
    const { token } = (getState() as { session: SessionState }).session;
    if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

/**
 * Endpoints whose 401 is an answer for the screen, not an expired session: the auth screens, the
 * session-expired modal's own sign-in, sign-out, and the start-up token validation (a refused token signs out).
 */
const SESSION_ENDPOINTS = new Set([
  'signIn',
  'signUp',
  'signInWithLoginToken',
  'requestPasswordReset',
  'changePassword',
  'signOut',
  'getMeta',
]);

/** A read that met a dropped connection or a server that is briefly unavailable is tried again this many times. */
export const READ_RETRIES = 3;
const TRANSIENT = new Set<unknown>(['FETCH_ERROR', 502, 503, 504]);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Query = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>;

/**
 * Tries a read again, up to READ_RETRIES times with a growing pause, while it meets a dropped connection or a 502,
 * 503 or 504; a write is never sent twice by the client on its own.
 */
export const retryingReads =
  (query: Query, pauseMs = 400): Query =>
  async (args, api, extraOptions) => {
    let result = await query(args, api, extraOptions);
    for (let attempt = 1; api.type === 'query' && attempt <= READ_RETRIES; attempt += 1) {
      if (!TRANSIENT.has(result.error?.status) || api.signal.aborted) break;
      await pause(pauseMs * attempt);
      result = await query(args, api, extraOptions);
    }
    return result;
  };

const readQuery = retryingReads(rawBaseQuery);

/**
 * Any 401 while signed in expires the session: the 'Please log back in.' modal opens and the call waits
 * until the user has signed in again, then runs again with the new token (or gives up on sign-out).
 */
export const baseQuery: Query = async (args, api, extraOptions) => {
  let result = await readQuery(args, api, extraOptions);
  while (result.error?.status === 401 && !SESSION_ENDPOINTS.has(api.endpoint)) {
    const { status } = (api.getState() as { session: SessionState }).session;
    if (status !== 'signedIn' && status !== 'expired') return result;
    api.dispatch(sessionExpired());
    if (!(await waitForSession())) return result;
    result = await readQuery(args, api, extraOptions);
  }
  return result;
};

/** One API slice; every feature adds its endpoints with `api.injectEndpoints` in `<area>.api.ts`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['User', 'Meta'],
  endpoints: () => ({}),
});
