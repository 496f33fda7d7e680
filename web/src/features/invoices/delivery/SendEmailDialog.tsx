import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type KeyboardEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { toProblem } from '../../../shared/problem';
import { useGetCustomerQuery } from '../../customers/customers.api';
import type { Invoice } from '../invoices.api';
import {
  alreadySentTo,
  EMAIL_MESSAGES,
  emailLogPath,
  isEmail,
  recipientsError,
  splitAddresses,
} from './delivery-messages';
import { useInvoiceEmailsQuery, useSendInvoiceEmailMutation, type SendEmailResult } from './delivery.api';

type Outcome =
  | { kind: 'sent' | 'queued'; result: SendEmailResult }
  | { kind: 'failed'; message: string; details: string[] };

/** What the server answered, in place of the form: sent, deferred (retried in the background) or refused. */
function OutcomeView({ outcome, number }: { outcome: Outcome; number: string }) {
  const logLink = (
    <Link component={RouterLink} to={emailLogPath(number)}>
      Email log
    </Link>
  );
  if (outcome.kind === 'failed')
    return (
      <Alert severity="error" role="alert">
        <AlertTitle>{EMAIL_MESSAGES.failed}</AlertTitle>
        {outcome.details.length > 0 && (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {outcome.details.map((detail) => (
              <li key={detail}>{detail}</li>
            ))}
          </Box>
        )}
      </Alert>
    );
  const { result } = outcome;
  return (
    <Alert severity={outcome.kind === 'sent' ? 'success' : 'info'} role="status">
      <AlertTitle>{outcome.kind === 'sent' ? EMAIL_MESSAGES.sent : result.message}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {outcome.kind === 'sent' ? EMAIL_MESSAGES.sentHint : EMAIL_MESSAGES.queued}{' '}
        <span>See the {logLink}.</span>
      </Typography>
      <Box component="ul" aria-label="Recipient results" sx={{ m: 0, pl: 2.5 }}>
        {result.recipients.map((recipient) => (
          <li key={recipient.emailed_to}>
            {recipient.emailed_to}:{' '}
            {recipient.status === 'sent' ? 'delivered to the mail server' : recipient.status}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

/**
 * 'Send Invoice #{number} to customers via email' (as the client's specification asks): recipients as chips (prefilled
 * with the customer's contact e-mail), each a valid address, at least one; an optional note; a warning for an
 * address the invoice was already sent to. It waits for the mail server and shows what it answered.
 */
export function SendEmailDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const titleId = useId();
  const customer = useGetCustomerQuery(invoice.customer_id);
  const log = useInvoiceEmailsQuery(invoice.id);
  const [send, { isLoading: sending }] = useSendInvoiceEmailMutation();
  // null until the user changes the list: the customer's contact e-mail, once it has loaded
  const [edited, setEdited] = useState<string[] | null>(null);
  const [text, setText] = useState('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const contact = customer.data?.contact_email?.trim();
  const recipients = edited ?? (contact ? [contact] : []);

  const setRecipients = (next: string[]) => {
    setEdited(next);
    if (error) setError(recipientsError(next));
  };
  /** Moves what is typed into chips (no duplicates). */
  const commit = (): string[] => {
    const typed = splitAddresses(text);
    if (typed.length === 0) return recipients;
    const known = new Set(recipients.map((email) => email.toLowerCase()));
    const next = [...recipients, ...typed.filter((email) => !known.has(email.toLowerCase()))];
    setText('');
    setRecipients(next);
    return next;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',' || event.key === ';') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Backspace' && text === '' && recipients.length > 0) {
      setRecipients(recipients.slice(0, -1));
    }
  };

  const submit = async () => {
    const emails = commit();
    const problem = recipientsError(emails);
    setError(problem);
    if (problem) return;
    try {
      const result = await send({
        invoiceId: invoice.id,
        number: invoice.number,
        body: { emails, notes: notes.trim() || undefined, beer: invoice.beer },
      }).unwrap();
      setOutcome({ kind: result.status === 'sent' ? 'sent' : 'queued', result });
    } catch (caught) {
      const problem = toProblem(caught);
      if (problem?.status === 400 && problem.message) {
        setError(problem.message);
        return;
      }
      setOutcome({
        kind: 'failed',
        message: EMAIL_MESSAGES.failed,
        details: (problem?.details ?? []).map((detail) => detail.message),
      });
    }
  };

  const repeated = alreadySentTo(recipients, log.data?.already_sent ?? []);
  const invalid = new Set(recipients.filter((email) => !isEmail(email)));

  return (
    <Dialog open onClose={sending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{`Send Invoice #${invoice.number} to customers via email`}</DialogTitle>
      <DialogContent>
        {outcome ? (
          <Box sx={{ pt: 1 }}>
            <OutcomeView outcome={outcome} number={invoice.number} />
          </Box>
        ) : (
          <Box
            component="form"
            noValidate
            id={`${titleId}-form`}
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
            sx={{ display: 'grid', gap: 2, pt: 1 }}
          >
            {recipients.length > 0 && (
              <Box aria-label="Recipient list" role="list" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {recipients.map((email) => (
                  <Chip
                    key={email}
                    role="listitem"
                    label={email}
                    color={invalid.has(email) ? 'error' : 'default'}
                    variant={invalid.has(email) ? 'outlined' : 'filled'}
                    onDelete={() => setRecipients(recipients.filter((other) => other !== email))}
                  />
                ))}
              </Box>
            )}
            <TextField
              label="Recipients"
              type="email"
              autoFocus
              value={text}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={onKeyDown}
              onBlur={() => commit()}
              error={!!error}
              helperText={error ?? 'Type an address and press Enter; add as many as you need.'}
              autoComplete="email"
            />
            {repeated.length > 0 && (
              <Alert severity="warning" role="status">
                {`Invoice #${invoice.number} was already sent to ${repeated.join(', ')}. Sending again e-mails it once more.`}
              </Alert>
            )}
            <TextField
              label="Note"
              multiline
              minRows={2}
              value={notes}
              onChange={(event) => setNotes(event.target.value)}
              helperText="Optional: added to the e-mail above the invoice."
            />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {outcome ? (
          <>
            {outcome.kind === 'failed' && <Button onClick={() => setOutcome(null)}>Try Again</Button>}
            <Button variant="contained" onClick={onClose}>
              Close
            </Button>
          </>
        ) : (
          <>
            <Button onClick={onClose} disabled={sending}>
              Cancel
            </Button>
            <Button type="submit" form={`${titleId}-form`} variant="contained" loading={sending}>
              Send Email
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
