import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ProblemAlert } from '../../shared/forms/ProblemAlert';
import { TextInput } from '../../shared/forms/TextInput';
import { useForm } from '../../shared/forms/use-form';
import { fieldErrors, problemMessages, toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { useInviteStaffMutation } from './staff.api';
import { asHttps, STAFF_MESSAGES, validateInvite, type InviteValues } from './staff-validation';

const initialValues: InviteValues = { name: '', email: '' };

/** The owner invites a staff user by e-mail; the answer's sign-up link is shown to copy (as https). */
export function InviteStaffForm() {
  const [invite] = useInviteStaffMutation();
  const form = useForm({ initialValues, validate: validateInvite });
  const [problem, setProblem] = useState<string[]>([]);
  const [sent, setSent] = useState<{ email: string; link: string } | null>(null);

  const submit = form.handleSubmit(async ({ name, email }) => {
    setProblem([]);
    try {
      const invitation = await invite({ name: name.trim(), email: email.trim() }).unwrap();
      setSent({ email: invitation.email, link: asHttps(invitation.link) });
      form.reset();
      toast.success(STAFF_MESSAGES.invited(invitation.email));
    } catch (error) {
      const details = toProblem(error);
      const fields = fieldErrors(details);
      form.setServerErrors({ name: fields.name, email: fields.email });
      // messages that belong to a field show there; anything else above the form
      const others = (details?.details ?? []).filter((d) => d.field !== 'name' && d.field !== 'email');
      setProblem(
        others.length || !details?.details.length
          ? problemMessages(details && { ...details, details: others }, STAFF_MESSAGES.failed)
          : [],
      );
    }
  });

  const copy = async () => {
    if (!sent) return;
    try {
      await navigator.clipboard.writeText(sent.link);
      toast.success(STAFF_MESSAGES.copied);
    } catch {
      toast.warning(STAFF_MESSAGES.copyFailed);
    }
  };

  return (
    <Card component="section" aria-labelledby="invite-staff-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="invite-staff-title" variant="h2" sx={{ fontSize: '1.125rem', mb: 0.5 }}>
          Invite Staff
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2.5 }}>
          We e-mail them a link to create their account in your company. Staff can do everything except the
          owner-only actions.
        </Typography>
        <Box component="form" noValidate onSubmit={submit} aria-label="Invite staff">
          <ProblemAlert messages={problem} />
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr) auto' },
              alignItems: 'start',
              mt: problem.length ? 2 : 0,
            }}
          >
            <TextInput {...form.field('name')} label="Name" autoComplete="off" autoFocus />
            <TextInput {...form.field('email')} label="Email" type="email" autoComplete="off" />
            <Button type="submit" variant="contained" loading={form.submitting} sx={{ height: 56 }}>
              Send Invitation
            </Button>
          </Box>
        </Box>
        {sent && (
          <Alert
            severity="success"
            variant="outlined"
            sx={{ mt: 1, '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}
            onClose={() => setSent(null)}
            closeText="Hide invitation link"
          >
            <Typography sx={{ mb: 1 }}>
              Invitation sent to <strong>{sent.email}</strong>. You can also pass on this link (valid for 7
              days):
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Box
                component="input"
                readOnly
                value={sent.link}
                aria-label="Invitation link"
                onFocus={(event) => event.currentTarget.select()}
                sx={{
                  flex: '1 1 260px',
                  minWidth: 0,
                  font: 'inherit',
                  fontSize: 14,
                  px: 1.25,
                  py: 0.75,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  bgcolor: 'background.paper',
                  color: 'text.primary',
                }}
              />
              <Button size="small" variant="outlined" startIcon={<ContentCopy />} onClick={() => void copy()}>
                Copy Link
              </Button>
            </Box>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
