import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { reauthenticated } from '../../app/session';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { PasswordField } from '../../shared/forms/PasswordField';
import { useForm } from '../../shared/forms/use-form';
import { fieldErrors, hasUserMessage, toProblem } from '../../shared/problem';
import { useSignInMutation } from './auth.api';
import { AUTH_MESSAGES } from './auth-messages';

type Values = { password: string };
const initialValues: Values = { password: '' };
const validate = (v: Values) => ({
  password: v.password.length === 0 ? AUTH_MESSAGES.passwordEmpty : undefined,
});

/**
 * 'Please log back in.': opens on any 401 while signed in. Signing in again with the user's e-mail resumes
 * the calls that were waiting; the page underneath stays as it was.
 */
export function SessionExpiredDialog() {
  const { status, user } = useAppSelector((state) => state.session);
  const open = status === 'expired';
  return (
    <Dialog open={open} aria-labelledby="session-expired-title" maxWidth="xs" fullWidth>
      {open && <ReSignInForm email={user?.email ?? ''} />}
    </Dialog>
  );
}

function ReSignInForm({ email }: { email: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [signIn] = useSignInMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({ initialValues, validate });

  const submit = form.handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      dispatch(reauthenticated(await signIn({ email, password }).unwrap()));
    } catch (error) {
      const problem = toProblem(error);
      if (hasUserMessage(problem))
        form.setServerErrors({ password: fieldErrors(problem).password ?? problem.message });
      else setFormError(AUTH_MESSAGES.serversBroke);
    }
  });

  return (
    <form noValidate onSubmit={submit} aria-labelledby="session-expired-title">
      <DialogTitle id="session-expired-title">Please log back in.</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Your session has expired. Enter the password for <strong>{email}</strong> to continue where you left
          off.
        </DialogContentText>
        {formError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        )}
        {/* for password managers only: out of the Tab order, or the dialog's focus trap sends Tab to it and loses the focus */}
        <input
          type="email"
          name="email"
          value={email}
          autoComplete="username"
          readOnly
          hidden
          tabIndex={-1}
        />
        <PasswordField
          {...form.field('password')}
          label="Password"
          autoComplete="current-password"
          autoFocus

          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={() => navigate('/logout')}>
          Logout
        </Button>
        <Button type="submit" variant="contained" loading={form.submitting}>
          Sign In
        </Button>
      </DialogActions>
    </form>
  );
}
