import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useRef, useState } from 'react';
import { formatMoney } from '../../shared/format';
import { ProblemAlert } from '../../shared/forms/ProblemAlert';
import { useForm } from '../../shared/forms/use-form';
import { toast } from '../../shared/toasts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import type { Invoice, InvoicePayment } from '../invoices/invoices.api';
import {
  asksToConfirm,
  MAX_NOTE_LENGTH,
  paymentProblem,
  paymentValues,
  toPaymentBody,
  validatePayment,
  type PaymentValues,
} from './payment-form';
import { latestReceivedDate, PAYMENT_MESSAGES } from './payment-messages';
import { useLogPaymentMutation, useUpdatePaymentMutation } from './payments.api';

/** One key per payment form: a retried or double-clicked save logs one payment. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface PaymentFormDialogProps {
  invoice: Invoice;
  /** the payment to edit (the owner's); none logs a new one */
  payment?: InvoicePayment | null;
  onClose: () => void;
}

/**
 * The payment form (as the client's specification asks), mounted while open: amount (the remaining balance by default, not below
 * 0), received date (today by default, at most 3 days ahead) and note. Save stays disabled until the form is
 * touched; server errors land on their fields and in the list under 'Error saving payment!'. Logging on a fully
 * paid invoice asks first (and when the server's 409 says so), then sends the confirmation. A logged payment
 * shows 'Created Invoice Payment' and the screen that opened the form stays, showing the new paid amount and balance.
 */
export function PaymentFormDialog({ invoice, payment, onClose }: PaymentFormDialogProps) {
  const editing = !!payment;
  const titleId = useId();
  const initialValues = useMemo(() => paymentValues(invoice, payment), [invoice, payment]);
  const validate = useMemo(() => (values: PaymentValues) => validatePayment(values), []);
  const form = useForm<PaymentValues>({ initialValues, validate });
  const [logPayment, logging] = useLogPaymentMutation();
  const [updatePayment, updating] = useUpdatePaymentMutation();
  const idempotencyKey = useRef(newIdempotencyKey());
  const [touched, setTouched] = useState(false);
  const [problem, setProblem] = useState<string[]>([]);
  const [askFullyPaid, setAskFullyPaid] = useState(false);
  const busy = logging.isLoading || updating.isLoading;
  const latest = latestReceivedDate();

  const send = async (values: PaymentValues, confirm: boolean) => {
    setProblem([]);
    try {
      if (payment) {
        const { confirm: _none, ...body } = toPaymentBody(values);
        await updatePayment({ invoice, paymentId: payment.id, body }).unwrap();
        toast.success(PAYMENT_MESSAGES.updated);
        onClose();
        return;
      }
      await logPayment({
        invoice,
        body: toPaymentBody(values, confirm),
        idempotencyKey: idempotencyKey.current,
      }).unwrap();
      // the invoice's view (or the customer's page) stays open and shows the new paid amount and balance
      toast.success(PAYMENT_MESSAGES.created);
      onClose();
    } catch (error) {
      if (!payment && !confirm && asksToConfirm(error)) {
        setAskFullyPaid(true);
        return;
      }
      const { fields, messages } = paymentProblem(error);
      form.setServerErrors(fields);
      setProblem(messages);
    }
  };

  // The client's specification: when nothing remains to pay, ask before logging another payment
  const submit = form.handleSubmit(async (values) => {
    if (!editing && invoice.remaining <= 0) {
      setAskFullyPaid(true);
      return;
    }
    await send(values, false);
  });

  const confirmFullyPaid = async () => {
    await send(form.values, true);
    setAskFullyPaid(false);
  };

  /** A field's props that also mark the form touched (Save enables). */
  const field = (name: keyof PaymentValues, helper?: string) => {
    const props = form.field(name, helper);
    return {
      ...props,
      onChange: (event: Parameters<typeof props.onChange>[0]) => {
        setTouched(true);
        props.onChange(event);
      },
      onBlur: () => setTouched(true),
    };
  };

  return (
    <>
      <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <Box component="form" noValidate onSubmit={submit} aria-labelledby={titleId}>
          <DialogTitle id={titleId}>{editing ? 'Edit Payment' : 'Log Payment'}</DialogTitle>
          <DialogContent>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              Invoice #{invoice.number} · total {formatMoney(invoice.total)} · remaining{' '}
              <strong>{formatMoney(invoice.remaining)}</strong>
            </Typography>
            <Stack spacing={1}>
              {problem.length > 0 && <ProblemAlert title={PAYMENT_MESSAGES.saveFailed} messages={problem} />}
              <TextField
                {...field('amount')}
                label="Amount"
                required
                autoFocus
                fullWidth
                slotProps={{
                  input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                  htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
                }}
              />
              <TextField
                {...field('received_at')}
                label="Received Date"
                type="date"
                required
                fullWidth
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: latest } }}
              />
              <TextField
                {...field('note', 'Optional, e.g. check number')}
                label="Note"
                fullWidth
                multiline
                minRows={2}
                maxRows={6}
                slotProps={{ htmlInput: { maxLength: MAX_NOTE_LENGTH } }}
              />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button color="inherit" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={!touched} loading={busy}>
              {editing ? 'Save Payment' : 'Log Payment'}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
      <ConfirmDialog
        open={askFullyPaid}
        title={PAYMENT_MESSAGES.fullyPaid}
        confirmLabel="Log Payment"
        cancelLabel="Nevermind"
        busy={logging.isLoading}
        onConfirm={() => void confirmFullyPaid()}
        onClose={() => setAskFullyPaid(false)}
      />
    </>
  );
}
