import MailOutlineOutlined from '@mui/icons-material/MailOutlineOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useFeature } from '../../../shared/feature-gate/use-feature';
import { formatDateTime } from '../../../shared/format';
import type { Invoice } from '../invoices.api';
import { EMAIL_MESSAGES, emailLogPath } from './delivery-messages';
import { useInvoiceEmailsQuery, type EmailStatus, type InvoiceEmail } from './delivery.api';
import { SendEmailDialog } from './SendEmailDialog';

/** While the mail server defers an e-mail, the log is read again this often to show its delivery. */
const QUEUED_POLL_MS = 3000;

const STATUS: Record<EmailStatus, { label: string; color: 'success' | 'warning' | 'error' }> = {
  sent: { label: 'Sent', color: 'success' },
  queued: { label: 'Retrying', color: 'warning' },
  failed: { label: 'Not delivered', color: 'error' },
};

/** The /emails grid's rows carry no `error` (GET /invoice/email/grid does not answer it): no tooltip there. */
export function EmailStatusChip({
  email,
}: {
  email: Pick<InvoiceEmail, 'status' | 'attempts'> & Partial<Pick<InvoiceEmail, 'error'>>;
}) {
  const { label, color } = STATUS[email.status];
  const chip = <Chip size="small" variant="outlined" color={color} label={label} />;
  return email.error && email.status !== 'sent' ? (
    <Tooltip title={`${email.error} (${email.attempts} attempt${email.attempts === 1 ? '' : 's'})`}>
      {chip}
    </Tooltip>
  ) : (
    chip
  );
}

function NoEmails() {
  return (
    <Box
      role="status"
      sx={{
        display: 'grid',
        justifyItems: 'center',
        gap: 0.5,
        py: 3,
        textAlign: 'center',
        borderRadius: 1,
        bgcolor: 'background.default',
      }}
    >
      <MailOutlineOutlined aria-hidden sx={{ fontSize: 36, color: 'text.disabled' }} />
      <Typography sx={{ fontWeight: 600 }}>{EMAIL_MESSAGES.noEmailsSent}</Typography>
      <Typography variant="body2" color="text.secondary">
        {EMAIL_MESSAGES.noEmailsSentHint}
      </Typography>
    </Box>
  );
}

function EmailsTable({ emails }: { emails: InvoiceEmail[] }) {
  const sorted = [...emails].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return (
    <TableContainer>
      <Table size="small" aria-label="E-mails">
        <TableHead>
          <TableRow>
            <TableCell>To</TableCell>
            <TableCell>Notes</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Sent At</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sorted.map((email) => (
            <TableRow key={email.id} hover>
              <TableCell sx={{ wordBreak: 'break-all' }}>{email.emailed_to}</TableCell>
              <TableCell sx={{ maxWidth: 240, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {email.notes || (
                  <Typography component="span" variant="body2" color="text.disabled">
                    —
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                <EmailStatusChip email={email} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>
                {formatDateTime(email.delivered_at ?? email.created_at)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function EmailsBody({ invoice }: { invoice: Invoice }) {
  const [queued, setQueued] = useState(false);
  const { data, isLoading, isError, refetch } = useInvoiceEmailsQuery(invoice.id, {
    pollingInterval: queued ? QUEUED_POLL_MS : 0,
  });
  const anyQueued = !!data?.emails.some((email) => email.status === 'queued');
  if (anyQueued !== queued) setQueued(anyQueued);
  if (isLoading) return <Skeleton variant="rounded" height={72} />;
  if (isError || !data)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            Retry
          </Button>
        }
      >
        {EMAIL_MESSAGES.loadFailed}
      </Alert>
    );
  return data.emails.length === 0 ? <NoEmails /> : <EmailsTable emails={data.emails} />;
}

/**
 * The invoice view's e-mail log (only with the email feature): who the invoice was e-mailed to, with
 * the note, delivery status and time, and Send Email opening the e-mail dialog.
 */
export function InvoiceEmailsSection({ invoice }: { invoice: Invoice }) {
  const { active } = useFeature('email');
  const titleId = useId();
  const [open, setOpen] = useState(false);
  if (!active) return null;
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={{ p: { xs: 2, sm: 2.5 }, '&:last-child': { pb: { xs: 2, sm: 2.5 } } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1.5 }}>
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, flexWrap: 'wrap' }}>
            <Typography id={titleId} variant="h2" sx={{ fontSize: '1.0625rem' }}>
              E-mails
            </Typography>
            <Link component={RouterLink} to={emailLogPath(invoice.number)} variant="body2" underline="hover">
              Email log
            </Link>
          </Box>
          <Button variant="outlined" size="small" startIcon={<SendOutlined />} onClick={() => setOpen(true)}>
            Send Email
          </Button>
        </Box>
        <EmailsBody invoice={invoice} />
      </CardContent>
      {open && <SendEmailDialog invoice={invoice} onClose={() => setOpen(false)} />}
    </Card>
  );
}
