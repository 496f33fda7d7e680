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
import { useId, type FormEvent, type ReactNode } from 'react';
import { formatMoney } from '../../shared/format';
import { ProblemAlert } from '../../shared/forms/ProblemAlert';
import { ACCOUNT_MESSAGES } from './account-form';

export interface AccountFormDialogProps {
  title: string;
  /** The submit button's label. */
  submitLabel: string;
  maxWidth?: 'xs' | 'sm';
  /** While saving: the dialog stays open and Cancel is off. */
  busy: boolean;
  /** The submit button off (nothing to do). */
  submitDisabled?: boolean;
  /** The server's or the form's problems, above the fields. */
  problem: string[];
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The form dialog of money moving on a customer's account (receive, apply, refund): the title, the problems, the
 * fields, Cancel and the submit button. Escape and a click outside close it unless it is saving.
 */
export function AccountFormDialog({
  title,
  submitLabel,
  maxWidth = 'xs',
  busy,
  submitDisabled = false,
  problem,
  onSubmit,
  onClose,
  children,
}: AccountFormDialogProps) {
  const titleId = useId();
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth={maxWidth}>
      <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <ProblemAlert title={ACCOUNT_MESSAGES.saveFailed} messages={problem} />
            {children}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={busy} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** An amount of dollars typed with its $ sign; `error` under it. */
export function AmountField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <TextField
      label="Amount"
      required
      autoFocus
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={!!error}
      helperText={error || undefined}
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
        htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
      }}
    />
  );
}

/** 'Unapplied credit: $90.00'. */
export function UnappliedCreditLine({ credit }: { credit: number }) {
  return (
    <Typography variant="body2">
      Unapplied credit: <strong>{formatMoney(credit)}</strong>
    </Typography>
  );
}
