import { api } from '../../app/api';
import type { AuthAnswer, User } from '../../app/session';

export interface SignInBody {
  email: string;
  password: string;
}

export interface SignUpBody {
  name: string;
  title: string;
  email: string;
  password: string;
  confirm_password: string;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    signIn: build.mutation<AuthAnswer, SignInBody>({
      query: (body) => ({ url: 'auth/signin', method: 'POST', body }),
    }),
    signUp: build.mutation<AuthAnswer, SignUpBody>({
      query: (body) => ({ url: 'auth/signup', method: 'POST', body }),
    }),
    signInWithLoginToken: build.mutation<AuthAnswer, string>({
      query: (loginToken) => ({ url: 'auth/login-token', method: 'POST', body: { login_token: loginToken } }),
    }),
    validateToken: build.query<User, void>({
      query: () => 'validate_token',
      providesTags: ['User'],
    }),
    signOut: build.mutation<void, string | null>({
      // the token is passed explicitly: the session is already cleared while this call runs
      query: (token) => ({
        url: 'auth/signout',
        method: 'POST',
        headers: token ? { authorization: `Bearer ${token}` } : undefined,
      }),
    }),
    requestPasswordReset: build.mutation<unknown, { email: string }>({
      query: (body) => ({ url: 'auth/reset-request', method: 'POST', body }),
    }),
    changePassword: build.mutation<unknown, { token: string; password: string }>({
      query: (body) => ({ url: 'auth/password', method: 'PUT', body }),
    }),
  }),
});

export const {
  useSignInMutation,
  useSignUpMutation,
  useSignInWithLoginTokenMutation,
  useRequestPasswordResetMutation,
  useChangePasswordMutation,
} = authApi;
