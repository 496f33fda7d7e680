import { api } from '../../app/api';
import { signedOut, tokenValidated, validationFailed, type SessionState } from '../../app/session';
import type { AppDispatch } from '../../app/store';
import { authApi } from './auth.api';

type GetState = () => { session: SessionState };

/** Start-up: a stored token is checked with validate_token; a refused token signs the user out. */
export const validateSession = () => async (dispatch: AppDispatch, getState: GetState) => {
  if (getState().session.status !== 'validating') return;
  const result = await dispatch(
    authApi.endpoints.validateToken.initiate(undefined, { subscribe: false, forceRefetch: true }),
  );
  // the user may have signed in through the form meanwhile: that session is not this validation's to end
  if (getState().session.status !== 'validating') return;
  if (result.data) {
    dispatch(tokenValidated(result.data));
    return;
  }
  const status = result.error && 'status' in result.error ? result.error.status : undefined;
  if (status === 401 || status === 403 || status === 400 || status === 404) dispatch(signOutLocally());
  else dispatch(validationFailed());
};

/** Clears the session and every cached answer. */
export const signOutLocally = () => (dispatch: AppDispatch) => {
  dispatch(signedOut());
  dispatch(api.util.resetApiState());
};

/** Signs out: the server revokes the token (best effort), the client forgets it and every cached answer. */
export const signOut = () => async (dispatch: AppDispatch, getState: GetState) => {
  const { token } = getState().session;
  dispatch(signOutLocally());
  if (token) await dispatch(authApi.endpoints.signOut.initiate(token)).catch(() => undefined);
};
