import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../app/api';
import { signedIn } from '../../app/session';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { PasswordField } from '../../shared/forms/PasswordField';
import { TextInput } from '../../shared/forms/TextInput';
import { useForm } from '../../shared/forms/use-form';
import { fieldErrors, hasUserMessage, toProblem } from '../../shared/problem';
import { FullPageSpinner } from '../../shared/ui/FullPageSpinner';
import { AuthLink } from './auth-links';
import { AUTH_MESSAGES, validateSignUp, type SignUpValues } from './auth-messages';
import { AuthLayout } from './AuthLayout';
import { useAcceptInvitationMutation, useLookupInvitationQuery, type InvitationInfo } from './invitation.api';
import { HOME } from './return-path';

/**
 * /auth/signup?invitation=<token>: a staff invitation. Shows the company and the invited e-mail, asks for name,
 * title and password (the sign-up form's messages), then signs the new user in. Loaded on its own (lazily), so
 * the sign-in bundle does not carry it.
 */
export default function InvitationSignUpForm({ token }: { token: string }) {
  const invitation = useLookupInvitationQuery(token);

  if (invitation.isLoading) return <FullPageSpinner label="Opening your invitation" />;
  if (!invitation.data) {
    const problem = toProblem(invitation.error);
    return (
      <AuthLayout title="Invitation">
        <Stack spacing={2}>
          <Alert severity="error">
            {hasUserMessage(problem) ? problem.message : AUTH_MESSAGES.serversBroke}
          </Alert>
          <Typography color="text.secondary">
            Ask your company's owner for a new invitation, or <AuthLink to="/auth/signin">sign in</AuthLink>{' '}
            if you already have an account.
          </Typography>
        </Stack>
      </AuthLayout>
    );
  }
  return <AcceptForm token={token} invitation={invitation.data} />;
}

function AcceptForm({ token, invitation }: { token: string; invitation: InvitationInfo }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const previousSession = useAppSelector((state) => state.session.status !== 'anonymous');
  const [accept] = useAcceptInvitationMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const initialValues = useMemo<SignUpValues>(
    () => ({
      email: invitation.email,
      name: invitation.name ?? '',
      title: '',
      password: '',
      confirm_password: '',
    }),
    [invitation],
  );
  const form = useForm({ initialValues, validate: validateSignUp });

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const answer = await accept({
        token,
        name: values.name.trim(),
        title: values.title.trim(),
        password: values.password,
        confirm_password: values.confirm_password,
      }).unwrap();
      // someone else was signed in in this browser: their cached answers are not the new user's
      if (previousSession) dispatch(api.util.resetApiState());
      dispatch(signedIn(answer));
      navigate(HOME, { replace: true });
    } catch (error) {
      const problem = toProblem(error);
      if (hasUserMessage(problem)) {
        const fields = fieldErrors(problem);
        form.setServerErrors(Object.keys(fields).length ? fields : { password: problem.message });
      } else setFormError(AUTH_MESSAGES.serversBroke);
    }
  });

  return (
    <AuthLayout
      title={`Join ${invitation.company_name}`}
      subtitle="You have been invited to Stampline. Create your account to get started."
    >
      <Box component="form" noValidate onSubmit={submit} aria-label="Accept invitation">
        <Stack spacing={1}>
          {formError && <Alert severity="error">{formError}</Alert>}
          <TextInput
            {...form.field('email', 'The invitation is for this address.')}
            label="Email"
            type="email"
            autoComplete="username"
            readOnly
            sx={{ '& .MuiOutlinedInput-root': { bgcolor: 'action.hover' } }}
          />
          <TextInput {...form.field('name')} label="Full Name" autoComplete="name" autoFocus />
          <TextInput {...form.field('title')} label="Title" autoComplete="organization-title" />
          <PasswordField {...form.field('password')} label="Password" autoComplete="new-password" />
          <PasswordField
            {...form.field('confirm_password')}
            label="Confirm Password"
            autoComplete="new-password"
          />
          <Button type="submit" variant="contained" size="large" loading={form.submitting}>
            Create Account
          </Button>
          <Typography color="text.secondary" sx={{ textAlign: 'center', pt: 1 }}>
            Already have an account? <AuthLink to="/auth/signin">Sign in</AuthLink>
          </Typography>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
