import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { TextInput } from '../../shared/forms/TextInput';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { signedIn } from '../../app/session';
import { useAppDispatch } from '../../app/store';
import { PasswordField } from '../../shared/forms/PasswordField';
import { useForm } from '../../shared/forms/use-form';
import { fieldErrors, hasUserMessage, toProblem } from '../../shared/problem';
import { useSignInMutation } from './auth.api';
import { AuthLink } from './auth-links';
import { AUTH_MESSAGES, validateSignIn, type SignInValues } from './auth-messages';
import { AuthLayout } from './AuthLayout';

const initialValues: SignInValues = { email: '', password: '' };

export function SignInForm() {
  const dispatch = useAppDispatch();
  const [signIn] = useSignInMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({ initialValues, validate: validateSignIn });

  const submit = form.handleSubmit(async ({ email, password }) => {
    setFormError(null);
    try {
      dispatch(signedIn(await signIn({ email: email.trim(), password }).unwrap()));
    } catch (error) {
      const problem = toProblem(error);
      if (hasUserMessage(problem)) {
        const fields = fieldErrors(problem);
        form.setServerErrors(Object.keys(fields).length ? fields : { password: problem.message });
      } else setFormError(AUTH_MESSAGES.serversBroke);
    }
  });

  return (
    <AuthLayout title="Sign in" subtitle="Welcome back. Sign in to your Stampline account.">
      <Box component="form" noValidate onSubmit={submit} aria-label="Sign in">
        <Stack spacing={1}>
          {formError && <Alert severity="error">{formError}</Alert>}
          <TextInput {...form.field('email')} label="Email" type="email" autoComplete="username" autoFocus />
          <PasswordField {...form.field('password')} label="Password" autoComplete="current-password" />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: -0.5 }}>
            <AuthLink to="/auth/reset-password">Forgot password?</AuthLink>
          </Box>
          <Button type="submit" variant="contained" size="large" loading={form.submitting}>
            Sign In
          </Button>
          <Typography color="text.secondary" sx={{ textAlign: 'center', pt: 1 }}>
            New to Stampline? <AuthLink to="/auth/signup">Create an account</AuthLink>
          </Typography>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
