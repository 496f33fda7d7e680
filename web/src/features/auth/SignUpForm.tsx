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
import { useSignUpMutation } from './auth.api';
import { AuthLink } from './auth-links';
import { AUTH_MESSAGES, validateSignUp, type SignUpValues } from './auth-messages';
import { AuthLayout } from './AuthLayout';

const initialValues: SignUpValues = { email: '', name: '', title: '', password: '', confirm_password: '' };

export function SignUpForm() {
  const dispatch = useAppDispatch();
  const [signUp] = useSignUpMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({ initialValues, validate: validateSignUp });

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const answer = await signUp({
        name: values.name.trim(),
        title: values.title.trim(),
        email: values.email.trim(),
        password: values.password,
        confirm_password: values.confirm_password,
      }).unwrap();
      dispatch(signedIn(answer));
    } catch (error) {
      const problem = toProblem(error);
      if (hasUserMessage(problem)) {
        const fields = fieldErrors(problem);
        form.setServerErrors(Object.keys(fields).length ? fields : { password: problem.message });
      } else setFormError(AUTH_MESSAGES.serversBroke);
    }
  });

  return (
    <AuthLayout title="Create your account" subtitle="Start invoicing and tracking TABC stamps in minutes.">
      <Box component="form" noValidate onSubmit={submit} aria-label="Sign up">
        <Stack spacing={1}>
          {formError && <Alert severity="error">{formError}</Alert>}
          <TextInput {...form.field('email')} label="Email" type="email" autoComplete="email" autoFocus />
          <TextInput {...form.field('name')} label="Full Name" autoComplete="name" />
          <TextInput {...form.field('title')} label="Title" autoComplete="organization-title" />
          <PasswordField {...form.field('password')} label="Password" autoComplete="new-password" />
          <PasswordField
            {...form.field('confirm_password')}
            label="Confirm Password"
            autoComplete="new-password"
          />
          <Button type="submit" variant="contained" size="large" loading={form.submitting}>
            Sign Up
          </Button>
          <Typography color="text.secondary" sx={{ textAlign: 'center', pt: 1 }}>
            Already have an account? <AuthLink to="/auth/signin">Sign in</AuthLink>
          </Typography>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
