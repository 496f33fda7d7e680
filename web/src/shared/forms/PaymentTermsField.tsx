import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { NET_DAYS_MAX, NET_DAYS_MIN, parsePaymentTerms } from '#domain/invoices/payment-terms';

type Kind = 'company' | 'on_delivery' | 'net' | 'credit_law';

const kindOf = (code: string): Kind => {
  if (code === '') return 'company';
  if (code === 'on_delivery' || code === 'credit_law') return code;
  return 'net';
};

const daysOf = (code: string) => (code.startsWith('net_') ? code.slice(4) : '30');

/**
 * Payment terms as a form field: a choice of Due on delivery, Net N days (N typed, 1–30) or the credit law's
 * statutory date; with `companyLabel`, also "the company's terms" (the value ''). The value is the stored code
 * ('on_delivery', 'net_30', 'credit_law', or '').
 */
export function PaymentTermsField({
  id,
  value,
  onChange,
  error,
  helperText,
  companyLabel,
  gridColumn,
}: {
  id: string;
  value: string;
  onChange: (code: string) => void;
  error?: string;
  helperText?: string;
  /** The customer form's first choice: follow the company's terms, e.g. "Company's terms (Net 30)". */
  companyLabel?: string;
  gridColumn?: string | Record<string, string>;
}) {
  const kind = kindOf(value);
  const [days, setDays] = useState(daysOf(value));
  useEffect(() => {
    if (value.startsWith('net_')) setDays(value.slice(4));
  }, [value]);
  const netProblem =
    kind === 'net' && parsePaymentTerms(`net_${days.trim()}`) === null
      ? `Net days must be a whole number from ${NET_DAYS_MIN} to ${NET_DAYS_MAX}.`
      : undefined;
  return (
    <Box
      sx={{
        gridColumn,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: kind === 'net' ? 'minmax(0, 2fr) minmax(0, 1fr)' : 'minmax(0, 1fr)',
      }}
    >
      <TextField
        id={id}
        select
        label="Payment Terms"
        value={kind}
        error={!!error && !netProblem}
        helperText={(!netProblem && error) || helperText || ' '}
        onChange={(event) => {
          const next = event.target.value as Kind;
          onChange(next === 'company' ? '' : next === 'net' ? `net_${days.trim() || '30'}` : next);
        }}
      >
        {companyLabel !== undefined && <MenuItem value="company">{companyLabel}</MenuItem>}
        <MenuItem value="on_delivery">Due on delivery</MenuItem>
        <MenuItem value="net">Net days</MenuItem>
        <MenuItem value="credit_law">Credit law (statutory date)</MenuItem>
      </TextField>
      {kind === 'net' && (
        <TextField
          id={`${id}-days`}
          label="Net Days"
          value={days}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          error={!!netProblem}
          helperText={netProblem ?? `${NET_DAYS_MIN}–${NET_DAYS_MAX}`}
          onChange={(event) => {
            setDays(event.target.value);
            onChange(`net_${event.target.value.trim()}`);
          }}
        />
      )}
    </Box>
  );
}
