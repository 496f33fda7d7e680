import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { confirmationProblem } from '#domain/reports/alcohol-report-filing.rules';
import { fieldErrors, problemMessages, toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { useMarkAlcoholReportFiledMutation } from './alcohol-sales.api';
import { monthLabel } from './alcohol-report-months';

/** Mark a month's report filed in RITS: the confirmation number RITS gave it, checked as the server checks it. */
export function MarkFiledDialog({
  companyId,
  month,
  onClose,
}: {
  companyId: string;
  month: string;
  onClose: () => void;
}) {
  const titleId = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [mark, { isLoading }] = useMarkAlcoholReportFiledMutation();

  const submit = async () => {
    const problem = confirmationProblem(value);
    if (problem) {
      setError(problem.message);
      return;
    }
    try {
      await mark({ companyId, month, confirmation_number: value.trim() }).unwrap();
      toast.success(`${monthLabel(month)} marked filed.`);
      onClose();
    } catch (caught) {
      const details = toProblem(caught);
      const fields = fieldErrors(details);
      setError(
        fields.confirmation_number ??
          fields.month ??
          problemMessages(details, 'Could not mark it filed.')[0]!,
      );
    }
  };

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Mark {monthLabel(month)} filed</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Enter the confirmation number RITS showed when the report was accepted.
        </DialogContentText>
        <form
          noValidate
          id={`${titleId}-form`}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <TextField
            label="Confirmation number"
            required
            autoFocus
            fullWidth
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              if (error) setError(null);
            }}
            error={!!error}
            helperText={error ?? 'Letters, digits and hyphens.'}
            slotProps={{ htmlInput: { maxLength: 60, autoComplete: 'off' } }}
          />
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" loading={isLoading}>
          Mark Filed
        </Button>
      </DialogActions>
    </Dialog>
  );
}
