import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PasswordField } from '../../shared/forms/PasswordField';
import { useForm } from '../../shared/forms/use-form';
import { hasUserMessage, toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { useChangePasswordMutation } from './auth.api';
import { AuthLink } from './auth-links';
import { AUTH_MESSAGES, validateChangePassword, type ChangePasswordValues } from './auth-messages';
import { AuthLayout } from './AuthLayout';

const initialValues: ChangePasswordValues = { password: '', confirm: '' };
const REDIRECT_AFTER_MS = 1000;

export function ChangePasswordForm() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [changePassword] = useChangePasswordMutation();
  const [done, setDone] = useState(false);
  const form = useForm({ initialValues, validate: validateChangePassword });

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate('/auth/signin', { replace: true }), REDIRECT_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await changePassword({ token, password }).unwrap();
      toast.success(AUTH_MESSAGES.resetDone);
      setDone(true);
    } catch (error) {
      const problem = toProblem(error);
      toast.error(hasUserMessage(problem) ? problem.message : AUTH_MESSAGES.resetFailed);
    }
  });

  return (
    <AuthLayout title="Choose a new password" subtitle="Use at least 5 characters.">
      <Box component="form" noValidate onSubmit={submit} aria-label="Change password">
        <Stack spacing={1}>
          {!token && (
            <Alert severity="warning" sx={{ mb: 1 }}>
              This page needs the link from your password reset e-mail.{' '}
              <AuthLink to="/auth/reset-password">Request a new link</AuthLink>
            </Alert>
          )}
          <PasswordField
            {...form.field('password')}
            label="New Password"
            autoComplete="new-password"
            autoFocus
          />
          <PasswordField {...form.field('confirm')} label="Confirm Password" autoComplete="new-password" />
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={form.submitting}
            disabled={!token || done}
          >
            Reset Password
          </Button>
          <Typography sx={{ textAlign: 'center', pt: 1 }}>
            <AuthLink to="/auth/signin">Back to sign in</AuthLink>
          </Typography>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
