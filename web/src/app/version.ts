import type { AppDispatch } from './store';
import { api } from './api';
import { TOKEN_KEY } from './session';

/** The client's version; the server announces the minimum it accepts (GET meta → minClientVersion). */
export const CLIENT_VERSION = '3.98';
export const VERSION_KEY = 'version';
const RELOADED_KEY = 'version_reload';

export interface Meta {
  version: string;
  minClientVersion: string;
  /** the provider's support address (PROVIDER_EMAIL): the command palette's Report Issue mails it */
  supportEmail: string;
}

const metaApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMeta: build.query<Meta, void>({ query: () => 'meta', providesTags: ['Meta'] }),
  }),
});

export const { useGetMetaQuery } = metaApi;

/** Compares dotted versions part by part: '3.98' < '3.100' < '4'. Returns -1, 0 or 1. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((part) => Number.parseInt(part, 10) || 0);
  const pb = b.split('.').map((part) => Number.parseInt(part, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff < 0 ? -1 : 1;
  }
  return 0;
}

/** Purges locally cached data: the API cache and browser storage, keeping only the sign-in token. */
export function clearCachedData(dispatch: AppDispatch): void {
  dispatch(api.util.resetApiState());
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    localStorage.clear();
    if (token) localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(VERSION_KEY, CLIENT_VERSION);
    sessionStorage.clear();
  } catch {
    // storage unavailable: the in-memory cache is cleared already
  }
}

/**
 * On start-up: a stored client version older than the server's minimum forces a cache clear. When this very
 * bundle is older than the minimum, the page reloads once to pick up the new client.
 */
export async function checkClientVersion(dispatch: AppDispatch): Promise<void> {
  const result = await dispatch(metaApi.endpoints.getMeta.initiate(undefined, { subscribe: false }));
  const min = result.data?.minClientVersion;
  if (!min) return;
  const stored = localStorage.getItem(VERSION_KEY);
  if (stored && compareVersions(stored, min) < 0) clearCachedData(dispatch);
  localStorage.setItem(VERSION_KEY, CLIENT_VERSION);
  if (compareVersions(CLIENT_VERSION, min) < 0 && !sessionStorage.getItem(RELOADED_KEY)) {
    clearCachedData(dispatch);
    sessionStorage.setItem(RELOADED_KEY, '1');
    window.location.reload();
  }
}
