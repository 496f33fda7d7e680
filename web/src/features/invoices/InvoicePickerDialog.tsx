import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

export interface InvoicePickerOption {
  id: string;
  number: string;
  /** What the menu shows for it, e.g. '#12 · $40.00 left'. */
  label: string;
}

/**
 * A first step that picks one of a customer's invoices (by number) before the dialog that works on it: the menu,
 * Cancel and Continue; `emptyText` instead of the menu when there is none to pick.
 */
export function InvoicePickerDialog({
  open,
  title,
  options,
  value,
  onChange,
  onClose,
  onContinue,
  helperText,
  emptyText,
}: {
  open: boolean;
  title: string;
  options: readonly InvoicePickerOption[];
  value: string;
  onChange: (number: string) => void;
  onClose: () => void;
  onContinue: (number: string) => void;
  helperText?: string;
  emptyText?: string;
}) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {emptyText ? (
          <Typography sx={{ mt: 1 }}>{emptyText}</Typography>
        ) : (
          <TextField
            select
            fullWidth
            label="Invoice"
            value={value}
            onChange={(event) => onChange(event.target.value)}
            helperText={helperText}
            sx={{ mt: 1 }}
          >
            {options.map((option) => (
              <MenuItem key={option.id} value={option.number}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={!value} onClick={() => onContinue(value)}>
          Continue
        </Button>
      </DialogActions>
    </Dialog>
  );
}
