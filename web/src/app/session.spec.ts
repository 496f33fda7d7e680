import { describe, expect, it } from '@jest/globals';
import {
  acceptToken,
  initials,
  initialSessionState,
  reauthenticated,
  sessionExpired,
  sessionSlice,
  signedIn,
  signedOut,
  tokenValidated,
  type User,
} from './session';

const user: User = {
  id: 'u-1',
  name: 'Ann Walker',
  title: 'Owner',
  email: 'ann@example.com',
  role: 'owner',
  company_id: 'c-1',
  company: { id: 'c-1', name: 'Walker Wholesale' },
};
const reduce = sessionSlice.reducer;

describe('session', () => {
  it('keeps a token only when it is longer than 5 characters', () => {
    expect(acceptToken('abcde')).toBeNull();
    expect(acceptToken('abcdef')).toBe('abcdef');
    expect(acceptToken(undefined)).toBeNull();
    expect(reduce(initialSessionState(null), signedIn({ access_token: 'short', user })).status).toBe(
      'anonymous',
    );
  });

  it('starts validating with a stored token, anonymous without', () => {
    expect(initialSessionState('token-123').status).toBe('validating');
    expect(initialSessionState(null).status).toBe('anonymous');
  });

  it('signs in, expires on a 401, resumes with a new token and signs out', () => {
    let state = reduce(initialSessionState(null), signedIn({ access_token: 'token-123', user }));
    expect(state).toMatchObject({ status: 'signedIn', token: 'token-123', user });
    state = reduce(state, sessionExpired());
    expect(state.status).toBe('expired');
    state = reduce(state, reauthenticated({ access_token: 'token-456', user }));
    expect(state).toMatchObject({ status: 'signedIn', token: 'token-456' });
    expect(reduce(state, signedOut())).toEqual({
      token: null,
      user: null,
      status: 'anonymous',
      bootFailed: false,
    });
  });

  it('does not expire a session that is still being validated', () =>
    expect(reduce(initialSessionState('token-123'), sessionExpired()).status).toBe('validating'));

  it('accepts the validated user only while validating', () => {
    expect(reduce(initialSessionState('token-123'), tokenValidated(user)).status).toBe('signedIn');
    expect(reduce(initialSessionState(null), tokenValidated(user)).status).toBe('anonymous');
  });

  it('makes initials from the first and last name', () => {
    expect(initials('Ann Marie Walker')).toBe('AW');
    expect(initials(' cher ')).toBe('C');
    expect(initials('')).toBe('?');
  });
});
