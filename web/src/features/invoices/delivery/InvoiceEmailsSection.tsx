import MailOutlineOutlined from '@mui/icons-material/MailOutlineOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
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
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useFeature } from '../../../shared/feature-gate/use-feature';
import { formatDateTime } from '../../../shared/format';
import type { Invoice } from '../invoices.api';
import { EMAIL_MESSAGES, EMAIL_STATUS, emailLogPath } from './delivery-messages';
import { useInvoiceEmailsQuery, type InvoiceEmail } from './delivery.api';
import { SendEmailDialog } from './SendEmailDialog';
import { RetryAlert } from '../../../shared/ui/RetryAlert';
import { PHONE_ONLY, WIDE_ONLY } from '../../../shared/ui/wide-only';

/** While the mail server defers an e-mail, the log is read again this often to show its delivery. */
export const QUEUED_POLL_MS = 3000;

/** The /emails grid's rows carry no `error` (GET /invoice/email/grid does not answer it): no tooltip there. */
export function EmailStatusChip({
  email,
}: {
  email: Pick<InvoiceEmail, 'status' | 'attempts'> & Partial<Pick<InvoiceEmail, 'error'>>;
}) {
  const { label, color } = EMAIL_STATUS[email.status];
  const chip = <Chip size="small" variant="outlined" color={color} label={label} />;
  return email.error && email.status !== 'sent' ? (
    <Tooltip title={`${email.error} (${email.attempts} attempt${email.attempts === 1 ? '' : 's'})`}>
      {chip}
    </Tooltip>
  ) : (
    chip
  );
}

/** No e-mail yet: what will show here (`hint`: of this invoice, of this credit memo). */
export function NoEmails({ hint = EMAIL_MESSAGES.noEmailsSentHint }: { hint?: string }) {
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
        {hint}
      </Typography>
    </Box>
  );
}

/** A document's e-mails, newest first: to whom, the note (`notes`: invoices carry one), status and time. */
export function EmailsTable({ emails, notes = true }: { emails: InvoiceEmail[]; notes?: boolean }) {
  const sorted = [...emails].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return (
    <TableContainer>
      <Table size="small" aria-label="E-mails">
        <TableHead>
          <TableRow>
            <TableCell>To</TableCell>
            {notes && <TableCell>Notes</TableCell>}
            <TableCell>Status</TableCell>
            <TableCell sx={WIDE_ONLY}>Sent At</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sorted.map((email) => (
            <TableRow key={email.id} hover>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                {email.emailed_to}
                <Typography variant="caption" color="text.secondary" sx={PHONE_ONLY}>
                  {formatDateTime(email.delivered_at ?? email.created_at)}
                </Typography>
              </TableCell>
              {notes && (
                <TableCell sx={{ maxWidth: 240, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  {email.notes || (
                    <Typography component="span" variant="body2" color="text.disabled">
                      —
                    </Typography>
                  )}
                </TableCell>
              )}
              <TableCell>
                <EmailStatusChip email={email} />
              </TableCell>
              <TableCell sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap', color: 'text.secondary' }}>
                {formatDateTime(email.delivered_at ?? email.created_at)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * While one of a document's e-mails waits for a retry, its list is read again every few seconds: the interval to
 * poll at, and what to call with the e-mails as loaded.
 */
export function usePollWhileQueued(): [number, (emails: readonly InvoiceEmail[] | undefined) => void] {
  const [queued, setQueued] = useState(false);
  const follow = (emails: readonly InvoiceEmail[] | undefined) => {
    const anyQueued = !!emails?.some((email) => email.status === 'queued');
    if (anyQueued !== queued) setQueued(anyQueued);
  };
  return [queued ? QUEUED_POLL_MS : 0, follow];
}

/** A document's e-mails as loaded: a skeleton, the error with Retry, the empty state, or the table. */
export function LoadedEmails({
  emails,
  isLoading,
  onRetry,
  empty,
  notes,
}: {
  emails: InvoiceEmail[] | undefined;
  isLoading: boolean;
  onRetry: () => void;
  empty: ReactNode;
  notes?: boolean;
}) {
  if (isLoading) return <Skeleton variant="rounded" height={72} />;
  if (!emails)
    return (
      <RetryAlert onRetry={onRetry} small>
        {EMAIL_MESSAGES.loadFailed}
      </RetryAlert>
    );
  return emails.length === 0 ? empty : <EmailsTable emails={emails} notes={notes} />;
}

function EmailsBody({ invoice }: { invoice: Invoice }) {
  const [pollingInterval, follow] = usePollWhileQueued();
  const { data, isLoading, isError, refetch } = useInvoiceEmailsQuery(invoice.id, { pollingInterval });
  follow(data?.emails);
  return (
    <LoadedEmails
      emails={isError ? undefined : data?.emails}
      isLoading={isLoading}
      onRetry={() => void refetch()}
      empty={<NoEmails />}
    />
  );
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
