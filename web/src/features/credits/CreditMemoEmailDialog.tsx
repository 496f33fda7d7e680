import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { ProblemAlert } from '../../shared/forms/ProblemAlert';
import { problemMessages, toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { useGetCustomerQuery } from '../customers/customers.api';
import { newIdempotencyKey } from '../invoices/builder/builder-messages';
import { EMAIL_MESSAGES, isEmail } from '../invoices/delivery/delivery-messages';
import { useEmailCreditMemoMutation, type CreditMemo } from './credits.api';

/**
 * 'Email credit memo CM-1001': one address (prefilled with the customer's contact e-mail); the memo's PDF is
 * attached and answers go to the company. What the server refused shows in the dialog; one it deferred is retried
 * in the background, and the memo's E-mails show when it is delivered.
 */
export function CreditMemoEmailDialog({ memo, onClose }: { memo: CreditMemo; onClose: () => void }) {
  const titleId = useId();
  const customer = useGetCustomerQuery(memo.customer_id);
  const [send, { isLoading: sending }] = useEmailCreditMemoMutation();
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string[]>([]);
  const email = typed ?? customer.data?.contact_email?.trim() ?? '';

  const submit = async () => {
    if (!isEmail(email.trim())) {
      setError('Input valid email address');
      return;
    }
    setError(null);
    try {
      const sent = await send({
        id: memo.id,
        email: email.trim(),
        idempotencyKey: newIdempotencyKey(),
      }).unwrap();
      if (sent.status === 'queued') toast.info(EMAIL_MESSAGES.queuedShort);
      else toast.success(`Credit memo ${memo.number} sent to ${sent.emailed_to}.`);
      onClose();
    } catch (caught) {
      setProblem(problemMessages(toProblem(caught), 'The credit memo could not be sent.'));
    }
  };

  return (
    <Dialog open onClose={sending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{`Email credit memo ${memo.number}`}</DialogTitle>
      <DialogContent>
        <form
          noValidate
          id={`${titleId}-form`}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <ProblemAlert messages={problem} />
          <TextField
            label="Email"
            type="email"
            autoFocus
            fullWidth
            margin="dense"
            value={email}
            onChange={(event) => setTyped(event.target.value)}
            error={!!error}
            helperText={error ?? 'The credit memo goes as a PDF attachment; replies come to you.'}
            autoComplete="email"
          />
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={sending}>
          Cancel
        </Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" loading={sending}>
          Send Email
        </Button>
      </DialogActions>
    </Dialog>
  );
}
