import Alert from '@mui/material/Alert';
import { useRef, useState, type FormEvent } from 'react';
import { formatMoney } from '../../shared/format';
import { problemMessages, toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import {
  ACCOUNT_MESSAGES,
  chosenApplications,
  newIdempotencyKey,
  oldestFirst,
  type OpenInvoice,
} from './account-form';
import { useApplyCreditMutation } from './accounts.api';
import { AccountFormDialog, UnappliedCreditLine } from './AccountFormDialog';
import { InvoiceAllocation, type AllocationMode } from './InvoiceAllocation';

export interface ApplyCreditDialogProps {
  customerId: string;
  /** The unapplied credit, dollars. */
  credit: number;
  invoices: readonly OpenInvoice[];
  onClose: () => void;
}

/** Apply credit: the customer's unapplied credit to its open invoices, oldest first or as chosen; asked first. */
export function ApplyCreditDialog({ customerId, credit, invoices, onClose }: ApplyCreditDialogProps) {
  const [apply, { isLoading: busy }] = useApplyCreditMutation();
  const key = useRef(newIdempotencyKey());
  const [mode, setMode] = useState<AllocationMode>('oldest');
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string[]>([]);
  const [asking, setAsking] = useState(false);
  const creditCents = Math.round(credit * 100);
  const chosen = chosenApplications(invoices, amounts);
  const appliedCents = mode === 'oldest' ? oldestFirst(creditCents, invoices).appliedCents : chosen.cents;

  const ask = (event: FormEvent) => {
    event.preventDefault();
    setProblem([]);
    if (mode === 'choose' && Object.keys(chosen.problems).length > 0) return;
    if (appliedCents > creditCents) return setProblem([ACCOUNT_MESSAGES.moreThanCredit(formatMoney(credit))]);
    if (appliedCents <= 0) return setProblem(['Choose an invoice and an amount.']);
    setAsking(true);
  };

  const save = async () => {
    try {
      await apply({
        customerId,
        idempotencyKey: key.current,
        body: { invoices: mode === 'choose' ? chosen.applications : null },
      }).unwrap();
      toast.success(ACCOUNT_MESSAGES.applied);
      onClose();
    } catch (error) {
      setAsking(false);
      setProblem(problemMessages(toProblem(error), ACCOUNT_MESSAGES.saveFailed));
    }
  };

  return (
    <>
      <AccountFormDialog
        title="Apply Credit"
        submitLabel="Apply Credit"
        maxWidth="sm"
        busy={busy}
        submitDisabled={invoices.length === 0}
        problem={problem}
        onSubmit={ask}
        onClose={onClose}
      >
        <UnappliedCreditLine credit={credit} />
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
          {`Applies ${formatMoney(appliedCents / 100)}; ${formatMoney(Math.max(0, creditCents - appliedCents) / 100)} remains as credit.`}
        </Alert>
      </AccountFormDialog>
      <ConfirmDialog
        open={asking}
        title={`Apply ${formatMoney(appliedCents / 100)} of credit to invoices?`}
        confirmLabel="Apply Credit"
        cancelLabel="Nevermind"
        busy={busy}
        onConfirm={() => void save()}
        onClose={() => setAsking(false)}
      >
        The invoices are paid by it at once; the rest stays the customer&apos;s credit.
      </ConfirmDialog>
    </>
  );
}
