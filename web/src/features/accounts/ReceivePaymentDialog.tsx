import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useRef, useState, type FormEvent } from 'react';
import type { PaymentMethod } from '#domain/accounts/customer-account.events';
import { formatMoney } from '../../shared/format';
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
import { AccountFormDialog, AmountField } from './AccountFormDialog';
import { InvoiceAllocation, type AllocationMode } from './InvoiceAllocation';

export interface ReceivePaymentDialogProps {
  customerId: string;
  /** Named in the title when the dialog was opened away from the customer's page. */
  customerName?: string;
  invoices: readonly OpenInvoice[];
  onClose: () => void;
}

/**
 * Receive payment: money received for the customer (amount, method, reference such as the check number, date),
 * applied to its open invoices oldest first or to the invoices chosen with amounts; what is not applied stays the
 * customer's credit, and the dialog says how much before it is saved.
 */
export function ReceivePaymentDialog({
  customerId,
  customerName,
  invoices,
  onClose,
}: ReceivePaymentDialogProps) {
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
    <AccountFormDialog
      title={customerName ? `Receive Payment from ${customerName}` : 'Receive Payment'}
      submitLabel="Receive Payment"
      maxWidth="sm"
      busy={busy}
      problem={problem}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      <AmountField value={amount} onChange={setAmount} error={amountError} />
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
    </AccountFormDialog>
  );
}
