import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { toProblem } from '../../shared/problem';
import {
  useAcceptInvitationMutation,
  useCompanyQuery,
  useInvitationQuery,
  useSignInMutation,
} from './shop.api';

function Centered({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Container maxWidth="xs" sx={{ py: { xs: 4, sm: 8 } }}>
      <title>{`${title} · Stampline`}</title>
      <Card>
        <CardContent sx={{ display: 'grid', gap: 2, p: 3 }}>
          <Typography variant="h1" sx={{ fontSize: 24 }}>
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Container>
  );
}

interface CredentialsField {
  label: string;
  /** 'password' unless given */
  type?: 'email' | 'password';
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
}

/** The ordering app's sign-in and set-password forms: their fields, the error under the last one, one button. */
function CredentialsForm({
  fields,
  error,
  action,
  busy,
  onSubmit,
}: {
  fields: CredentialsField[];
  error: string;
  action: string;
  busy: boolean;
  onSubmit: (event: FormEvent) => Promise<void>;
}) {
  return (
    <Box component="form" onSubmit={(e) => void onSubmit(e)} sx={{ display: 'grid', gap: 2 }} noValidate>
      {fields.map((field, i) => {
        const last = i === fields.length - 1;
        return (
          <TextField
            key={field.label}
            label={field.label}
            type={field.type ?? 'password'}
            autoComplete={field.autoComplete}
            value={field.value}
            onChange={(e) => field.onChange(e.target.value)}
            {...(last ? { error: !!error, helperText: error || ' ' } : {})}
          />
        );
      })}
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {action}
      </Button>
    </Box>
  );
}

export function SignIn({ onSignedIn }: { onSignedIn: (token: string) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [signIn, signingIn] = useSignInMutation();
  const { subdomain = '' } = useParams();
  const company = useCompanyQuery(subdomain, { skip: !subdomain });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    try {
      onSignedIn((await signIn({ email: email.trim(), password }).unwrap()).token);
    } catch (problem) {
      const found = toProblem(problem);
      setError(found?.details[0]?.message || found?.message || 'our servers broke, please try again later');
    }
  };
  return (
    <Centered title={company.data ? `Order from ${company.data.name}` : 'Order online'}>
      {company.isError && (
        <Alert severity="warning">No distributor orders at this address: check the link you were sent.</Alert>
      )}
      <CredentialsForm
        fields={[
          { label: 'Email', type: 'email', autoComplete: 'email', value: email, onChange: setEmail },
          { label: 'Password', autoComplete: 'current-password', value: password, onChange: setPassword },
        ]}
        error={error}
        action="Sign In"
        busy={signingIn.isLoading}
        onSubmit={submit}
      />
    </Centered>
  );
}

export function AcceptInvitation({ onSignedIn }: { onSignedIn: (token: string) => void }) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { subdomain = '' } = useParams();
  const invitation = useInvitationQuery(token, { skip: !token });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [accept, accepting] = useAcceptInvitationMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < 5) return setError('Password must be at least 5 characters');
    if (password !== confirm) return setError('Passwords do not match');
    try {
      onSignedIn((await accept({ token, password }).unwrap()).token);
      navigate(`/shop/${subdomain}`, { replace: true });
    } catch (problem) {
      setError(toProblem(problem)?.message || 'Something went wrong');
    }
  };
  if (invitation.isLoading) return <CircularProgress aria-label="Loading" sx={{ m: 4 }} />;
  if (!token || invitation.isError)
    return (
      <Centered title="Invitation">
        <Alert severity="error">
          {toProblem(invitation.error)?.message || 'This invitation link is invalid or has expired.'}
        </Alert>
      </Centered>
    );
  return (
    <Centered title={`Welcome, ${invitation.data?.name ?? ''}`}>
      <Typography color="text.secondary">
        {invitation.data?.company_name} invites you to order online as {invitation.data?.email}. Choose a
        password.
      </Typography>
      <CredentialsForm
        fields={[
          { label: 'Password', autoComplete: 'new-password', value: password, onChange: setPassword },
          { label: 'Confirm password', autoComplete: 'new-password', value: confirm, onChange: setConfirm },
        ]}
        error={error}
        action="Set Password"
        busy={accepting.isLoading}
        onSubmit={submit}
      />
    </Centered>
  );
}
