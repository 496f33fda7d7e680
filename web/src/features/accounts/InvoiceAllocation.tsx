import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { formatDate, formatMoney } from '../../shared/format';
import type { OpenInvoice } from './account-form';

export type AllocationMode = 'oldest' | 'choose';

export interface InvoiceAllocationProps {
  mode: AllocationMode;
  onMode: (mode: AllocationMode) => void;
  invoices: readonly OpenInvoice[];
  amounts: Readonly<Record<string, string>>;
  onAmount: (invoiceId: string, text: string) => void;
  problems: Readonly<Record<string, string>>;
  disabled?: boolean;
}

/**
 * Where money goes: the open invoices oldest first, or the invoices chosen with an amount each (blank: none). Each
 * amount field is named by its invoice, so it is found by its label alone.
 */
export function InvoiceAllocation({
  mode,
  onMode,
  invoices,
  amounts,
  onAmount,
  problems,
  disabled,
}: InvoiceAllocationProps) {
  const labelId = useId();
  return (
    <FormControl component="fieldset" disabled={disabled}>
      <FormLabel id={labelId} component="legend" sx={{ fontSize: '0.875rem' }}>
        Apply to
      </FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        row
        value={mode}
        onChange={(event) => onMode(event.target.value as AllocationMode)}
      >
        <FormControlLabel value="oldest" control={<Radio />} label="Oldest invoices first" />
        <FormControlLabel value="choose" control={<Radio />} label="Invoices I choose" />
      </RadioGroup>
      {mode === 'choose' && (
        <Stack spacing={1.5} sx={{ mt: 1 }}>
          {invoices.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              No open invoices.
            </Typography>
          )}
          {invoices.map((invoice) => (
            <TextField
              key={invoice.id}
              label={`Amount for invoice #${invoice.number}`}
              value={amounts[invoice.id] ?? ''}
              onChange={(event) => onAmount(invoice.id, event.target.value)}
              error={!!problems[invoice.id]}
              helperText={
                problems[invoice.id] ??
                `${formatDate(invoice.invoiced_at)} · ${formatMoney(invoice.balance)} left`
              }
              size="small"
              fullWidth
              slotProps={{
                input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
              }}
            />
          ))}
        </Stack>
      )}
    </FormControl>
  );
}
