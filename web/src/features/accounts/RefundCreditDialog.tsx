import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useRef, useState, type FormEvent } from 'react';
import type { RefundMethod } from '#domain/accounts/customer-account.events';
import { formatMoney } from '../../shared/format';
import { problemMessages, toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { latestReceivedDate, today } from '../payments/payment-messages';
import {
  ACCOUNT_MESSAGES,
  centsOfText,
  dollarsText,
  newIdempotencyKey,
  PAYMENT_METHOD_LABELS,
  REFUND_METHODS,
} from './account-form';
import { useRefundCreditMutation } from './accounts.api';
import { AccountFormDialog, AmountField, UnappliedCreditLine } from './AccountFormDialog';

export interface RefundCreditDialogProps {
  customerId: string;
  /** The unapplied credit, dollars. */
  credit: number;
  onClose: () => void;
}

/** Refund credit: money paid back by check or ACH with its reference, never more than the credit; asked first. */
export function RefundCreditDialog({ customerId, credit, onClose }: RefundCreditDialogProps) {
  const [refund, { isLoading: busy }] = useRefundCreditMutation();
  const key = useRef(newIdempotencyKey());
  const [amount, setAmount] = useState(credit.toFixed(2));
  const [method, setMethod] = useState<RefundMethod>('check');
  const [reference, setReference] = useState('');
  const [refundedAt, setRefundedAt] = useState(today());
  const [errors, setErrors] = useState<{ amount?: string; reference?: string }>({});
  const [problem, setProblem] = useState<string[]>([]);
  const [asking, setAsking] = useState(false);
  const cents = centsOfText(amount) ?? 0;

  const ask = (event: FormEvent) => {
    event.preventDefault();
    setProblem([]);
    const value = centsOfText(amount);
    const next: typeof errors = {};
    if (value === null || value <= 0) next.amount = ACCOUNT_MESSAGES.amount;
    else if (value > Math.round(credit * 100))
      next.amount = ACCOUNT_MESSAGES.moreThanCredit(formatMoney(credit));
    if (!reference.trim()) next.reference = ACCOUNT_MESSAGES.referenceRequired;
    setErrors(next);
    if (Object.keys(next).length === 0) setAsking(true);
  };

  const save = async () => {
    try {
      await refund({
        customerId,
        idempotencyKey: key.current,
        body: { amount: dollarsText(cents), method, reference: reference.trim(), refunded_at: refundedAt },
      }).unwrap();
      toast.success(ACCOUNT_MESSAGES.refunded);
      onClose();
    } catch (error) {
      setAsking(false);
      setProblem(problemMessages(toProblem(error), ACCOUNT_MESSAGES.saveFailed));
    }
  };

  return (
    <>
      <AccountFormDialog
        title="Refund Credit"
        submitLabel="Refund Credit"
        busy={busy}
        problem={problem}
        onSubmit={ask}
        onClose={onClose}
      >
        <UnappliedCreditLine credit={credit} />
        <AmountField value={amount} onChange={setAmount} error={errors.amount} />
        <TextField
          select
          label="Method"
          value={method}
          onChange={(event) => setMethod(event.target.value as RefundMethod)}
        >
          {REFUND_METHODS.map((value) => (
            <MenuItem key={value} value={value}>
              {PAYMENT_METHOD_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Reference"
          required
          value={reference}
          onChange={(event) => setReference(event.target.value)}
          error={!!errors.reference}
          helperText={errors.reference ?? 'Check number or ACH trace'}
          slotProps={{ htmlInput: { maxLength: 100, autoComplete: 'off' } }}
        />
        <TextField
          label="Refund Date"
          type="date"
          required
          value={refundedAt}
          onChange={(event) => setRefundedAt(event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: latestReceivedDate() } }}
        />
      </AccountFormDialog>
      <ConfirmDialog
        open={asking}
        title={`Refund ${formatMoney(cents / 100)} to the customer?`}
        confirmLabel="Refund Credit"
        cancelLabel="Nevermind"
        destructive
        busy={busy}
        onConfirm={() => void save()}
        onClose={() => setAsking(false)}
      >
        {`By ${PAYMENT_METHOD_LABELS[method]} ${reference.trim()}: the customer's credit falls by this amount.`}
      </ConfirmDialog>
    </>
  );
}
