import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { TextInput } from '../../shared/forms/TextInput';
import Typography from '@mui/material/Typography';
import { useForm } from '../../shared/forms/use-form';
import { hasUserMessage, toProblem } from '../../shared/problem';
import { toast, TOAST_SECONDS } from '../../shared/toasts';
import { useRequestPasswordResetMutation } from './auth.api';
import { AuthLink } from './auth-links';
import { AUTH_MESSAGES, validateResetRequest, type ResetRequestValues } from './auth-messages';
import { AuthLayout } from './AuthLayout';

const initialValues: ResetRequestValues = { email: '' };

export function ResetPasswordForm() {
  const [requestReset] = useRequestPasswordResetMutation();
  const form = useForm({ initialValues, validate: validateResetRequest });

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      await requestReset({ email: email.trim() }).unwrap();
      toast.success(AUTH_MESSAGES.resetEmailSent, { seconds: TOAST_SECONDS.long });
    } catch (error) {
      const problem = toProblem(error);
      toast.error(hasUserMessage(problem) ? problem.message : AUTH_MESSAGES.resetEmailFailed);
    }
  });

  return (
    <AuthLayout title="Reset your password" subtitle="We will e-mail you a link to choose a new password.">
      <Box component="form" noValidate onSubmit={submit} aria-label="Reset password">
        <Stack spacing={1}>
          <TextInput {...form.field('email')} label="Email" type="email" autoComplete="email" autoFocus />
          <Button type="submit" variant="contained" size="large" loading={form.submitting}>
            Send Reset Link
          </Button>
          <Typography sx={{ textAlign: 'center', pt: 1 }}>
            <AuthLink to="/auth/signin">Back to sign in</AuthLink>
          </Typography>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
