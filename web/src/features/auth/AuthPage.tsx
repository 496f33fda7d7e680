import { lazy, Suspense, useEffect, useRef } from 'react';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { signedIn } from '../../app/session';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { hasUserMessage, toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { FullPageSpinner } from '../../shared/ui/FullPageSpinner';
import { useSignInWithLoginTokenMutation } from './auth.api';
import { AUTH_MESSAGES } from './auth-messages';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ResetPasswordForm } from './ResetPasswordForm';
import { returnPath } from './return-path';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';

/** Staff invitations are rare: their form is a chunk of its own, not part of the sign-in bundle. */
const InvitationSignUpForm = lazy(() => import('./InvitationSignUpForm'));

export type AuthSection = 'signin' | 'signup' | 'reset-password' | 'change-password';
const SECTIONS: readonly AuthSection[] = ['signin', 'signup', 'reset-password', 'change-password'];

/**
 * /auth/{section}; signin is the default. `?login_token=` on any of them signs in directly; /auth/signup?invitation=
 * is a staff invitation's sign-up.
 */
export default function AuthPage() {
  const params = useParams();
  const section = SECTIONS.find((s) => s === params.section) ?? 'signin';
  const [search] = useSearchParams();
  const loginToken = search.get('login_token');
  const invitation = search.get('invitation');
  const location = useLocation();
  const status = useAppSelector((state) => state.session.status);

  if (loginToken) return <LoginTokenSignIn loginToken={loginToken} />;
  if (section === 'signup' && invitation)
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <InvitationSignUpForm token={invitation} />
      </Suspense>
    );
  if (status === 'signedIn' && (section === 'signin' || section === 'signup'))
    return <Navigate to={returnPath(location.state)} replace />;

  switch (section) {
    case 'signup':
      return <SignUpForm />;
    case 'reset-password':
      return <ResetPasswordForm />;
    case 'change-password':
      return <ChangePasswordForm />;
    default:
      return <SignInForm />;
  }
}

function LoginTokenSignIn({ loginToken }: { loginToken: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [signInWithLoginToken] = useSignInWithLoginTokenMutation();
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (started.current === loginToken) return;
    started.current = loginToken;
    const withoutToken = new URLSearchParams(location.search);
    withoutToken.delete('login_token');
    const query = withoutToken.toString();
    signInWithLoginToken(loginToken)
      .unwrap()
      .then((answer) => {
        dispatch(signedIn(answer));
        navigate(returnPath(location.state), { replace: true });
      })
      .catch((error: unknown) => {
        const problem = toProblem(error);
        toast.error(hasUserMessage(problem) ? problem.message : AUTH_MESSAGES.serversBroke);
        navigate(`${location.pathname}${query ? `?${query}` : ''}`, { replace: true, state: location.state });
      });
  }, [dispatch, location, loginToken, navigate, signInWithLoginToken]);

  return <FullPageSpinner label="Signing you in" />;
}
