import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { PaymentMethod } from '#domain/accounts/customer-account.events';
import { formatMoney } from '../../shared/format';
import { ProblemAlert } from '../../shared/forms/ProblemAlert';
import { problemMessages, toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { latestReceivedDate, today } from '../payments/payment-messages';
import {
  ACCOUNT_MESSAGES,
  centsOfText,
  chosenApplications,
  newIdempotencyKey,
  oldestFirst,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type OpenInvoice,
} from './account-form';
import { useReceivePaymentMutation } from './accounts.api';
import { InvoiceAllocation, type AllocationMode } from './InvoiceAllocation';

export interface ReceivePaymentDialogProps {
  customerId: string;
  invoices: readonly OpenInvoice[];
  onClose: () => void;
}

/**
 * Receive payment: money received for the customer (amount, method, reference such as the check number, date),
 * applied to its open invoices oldest first or to the invoices chosen with amounts; what is not applied stays the
 * customer's credit, and the dialog says how much before it is saved.
 */
export function ReceivePaymentDialog({ customerId, invoices, onClose }: ReceivePaymentDialogProps) {
  const titleId = useId();
  const [receive, { isLoading: busy }] = useReceivePaymentMutation();
  const key = useRef(newIdempotencyKey());
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('check');
  const [reference, setReference] = useState('');
  const [receivedAt, setReceivedAt] = useState(today());
  const [mode, setMode] = useState<AllocationMode>('oldest');
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [amountError, setAmountError] = useState('');
  const [problem, setProblem] = useState<string[]>([]);

  const cents = centsOfText(amount) ?? 0;
  const chosen = chosenApplications(invoices, amounts);
  const appliedCents = mode === 'oldest' ? oldestFirst(cents, invoices).appliedCents : chosen.cents;
  const creditCents = Math.max(0, cents - appliedCents);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem([]);
    const value = centsOfText(amount);
    if (value === null || value <= 0) return setAmountError(ACCOUNT_MESSAGES.amount);
    setAmountError('');
    if (mode === 'choose' && Object.keys(chosen.problems).length > 0) return;
    if (mode === 'choose' && chosen.cents > value) return setProblem([ACCOUNT_MESSAGES.moreThanReceived]);
    try {
      await receive({
        customerId,
        idempotencyKey: key.current,
        body: {
          amount: amount.trim().replace(/[$,]/g, ''),
          method,
          reference: reference.trim() || null,
          received_at: receivedAt,
          invoices: mode === 'choose' ? chosen.applications : null,
        },
      }).unwrap();
      toast.success(ACCOUNT_MESSAGES.received);
      onClose();
    } catch (error) {
      setProblem(problemMessages(toProblem(error), ACCOUNT_MESSAGES.saveFailed));
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Receive Payment</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <ProblemAlert title={ACCOUNT_MESSAGES.saveFailed} messages={problem} />
            <TextField
              label="Amount"
              required
              autoFocus
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              error={!!amountError}
              helperText={amountError || undefined}
              slotProps={{
                input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
              }}
            />
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <TextField
                select
                label="Method"
                value={method}
                onChange={(event) => setMethod(event.target.value as PaymentMethod)}
              >
                {PAYMENT_METHODS.map((value) => (
                  <MenuItem key={value} value={value}>
                    {PAYMENT_METHOD_LABELS[value]}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label="Reference"
                value={reference}
                onChange={(event) => setReference(event.target.value)}
                helperText="Check number, ACH trace …"
                slotProps={{ htmlInput: { maxLength: 100, autoComplete: 'off' } }}
              />
            </Box>
            <TextField
              label="Received Date"
              type="date"
              required
              value={receivedAt}
              onChange={(event) => setReceivedAt(event.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: latestReceivedDate() } }}
            />
            <InvoiceAllocation
              mode={mode}
              onMode={setMode}
              invoices={invoices}
              amounts={amounts}
              onAmount={(id, text) => setAmounts((before) => ({ ...before, [id]: text }))}
              problems={chosen.problems}
              disabled={busy}
            />
            <Alert severity="info" variant="outlined" aria-live="polite">
              {`Applies ${formatMoney(appliedCents / 100)} to invoices; ${formatMoney(creditCents / 100)} remains as the customer's credit.`}
            </Alert>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            Receive Payment
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
